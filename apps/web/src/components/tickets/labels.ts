/** A ticket's priority as customers and staff read it. */
export const PRIORITY_LABELS: Record<string, string> = { low: 'کم', medium: 'متوسط', high: 'زیاد' };

/** The care queue's tabs. */
export const TAB_LABELS: Record<string, string> = {
  waiting: 'در انتظار پاسخ',
  mine: 'سپرده به من',
  unassigned: 'بی‌مسئول',
  all: 'همه',
  closed: 'بسته',
  spam: 'هرزنامه',
  deleted: 'حذف‌شده',
};
