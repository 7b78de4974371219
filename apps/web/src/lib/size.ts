/**
 * Storage sizes as plan cards show them. Disks are sold in decimal units (a "1 TB" disk is 1000
 * GB), so 1000 GB reads «۱ ترابایت», as on the box.
 */
const decimal = new Intl.NumberFormat('fa-IR', { maximumFractionDigits: 1 });

export function formatGigabytes(gb: number): string {
  if (gb >= 1000) return `${decimal.format(gb / 1000)} ترابایت`;
  return `${decimal.format(gb)} گیگابایت`;
}

/** A file's size in bytes, in the largest unit under a thousand («۴٫۲ مگابایت»). */
export function formatSize(bytes: number): string {
  const units = ['بایت', 'کیلوبایت', 'مگابایت', 'گیگابایت', 'ترابایت'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return `${decimal.format(value)} ${units[unit]}`;
}
