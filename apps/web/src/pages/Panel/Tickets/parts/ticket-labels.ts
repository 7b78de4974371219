/** A ticket's priority as customers and staff read it. */
export const PRIORITY_LABELS: Record<string, string> = { low: 'کم', medium: 'متوسط', high: 'زیاد' };
