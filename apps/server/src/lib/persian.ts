const NUMBER = new Intl.NumberFormat('fa-IR', { useGrouping: false });

/** A whole number in Persian digits, for messages (۱۲۰ rather than 120). */
export function faNumber(value: number): string {
  return NUMBER.format(value);
}

/** Every Latin digit of a text in Persian (a time «۰۹:۳۰», a receipt number). */
export function faDigits(text: string): string {
  return text.replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!);
}

const GROUPED = new Intl.NumberFormat('fa-IR');

/**
 * An amount in Rial as customers read it: Toman, Persian digits, grouped («۹۵٬۰۰۰ تومان»). A
 * negative reads «‎−۵۰٬۰۰۰ تومان» (Intl's U+200E and minus sign: the sign stays before the digits
 * inside Persian text), the same shape as the web's formatToman.
 */
export function faToman(rial: number): string {
  return `${GROUPED.format(Math.sign(rial) * Math.floor(Math.abs(rial) / 10))} تومان`;
}

/** A wait as people say it: "۴۵ ثانیه" under two minutes, else "۱۲ دقیقه". */
export function faDuration(seconds: number): string {
  return seconds < 120 ? `${faNumber(seconds)} ثانیه` : `${faNumber(Math.ceil(seconds / 60))} دقیقه`;
}
