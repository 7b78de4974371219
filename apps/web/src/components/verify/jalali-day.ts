import { toPersianDigits } from '../../lib/digits';
import { JALALI_MONTHS, toJalali } from '../../lib/jalali-calendar';

/** An ISO calendar day (a birth date: no time, no zone) as «۲۶ فروردین ۱۳۷۱». */
export function formatJalaliDay(iso: string): string {
  const day = toJalali(iso);
  return toPersianDigits(`${day.day} ${JALALI_MONTHS[day.month - 1]} ${day.year}`);
}
