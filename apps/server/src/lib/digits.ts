// Persian (U+06F0…) and Arabic-Indic (U+0660…) digits, as typed on Persian and Arabic keyboards.
const PERSIAN_ZERO = 0x06f0;
const ARABIC_ZERO = 0x0660;

/** Turns Persian and Arabic-Indic digits into Latin ones; every other character is kept. */
export function toLatinDigits(input: string): string {
  return input.replace(/[\u06F0-\u06F9\u0660-\u0669]/g, (d) => {
    const code = d.charCodeAt(0);
    return String(code >= PERSIAN_ZERO ? code - PERSIAN_ZERO : code - ARABIC_ZERO);
  });
}
