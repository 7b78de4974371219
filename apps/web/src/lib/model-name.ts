/**
 * «RTX 3090» kept on one line: the space between a Latin word and the model number after it
 * becomes a no-break space, so a narrow plan card never leaves «RTX» at the end of one line and
 * «3090» at the start of the next («حرفه‌ای RTX 3090», «NVIDIA RTX A6000», «2× RTX 4090»).
 */
export function keepModelTogether(text: string): string {
  return text.replace(/([\d۰-۹]+×) /g, '$1\u00A0').replace(/([A-Za-z]+) (?=[A-Za-z]{0,2}\d)/g, '$1\u00A0');
}
