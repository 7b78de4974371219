import type { KycRequestView } from '@server/modules/verification/contracts';
import { toPersianDigits } from '../../lib/digits';
import type { Fact } from '../ui/FactList';
import { formatJalaliDay } from './jalali-day';

export const TYPE_LABELS: Record<KycRequestView['type'], string> = {
  individual: 'شخص حقیقی',
  legal: 'شخص حقوقی (شرکت)',
};

const or = (value: string | null) => (value ? value : '—');
const digits = (value: string | null) => (value ? <span dir="ltr">{toPersianDigits(value)}</span> : '—');

/** The data a request carries, as a customer or a reviewer reads it. */
export function requestFacts(request: KycRequestView): Fact[] {
  const facts: Fact[] = [
    ['نوع', TYPE_LABELS[request.type]],
    ['نام', or(request.first_name)],
    ['نام خانوادگی', or(request.last_name)],
    ['کد ملی', digits(request.national_code)],
    ['تاریخ تولد', request.birth_date ? formatJalaliDay(request.birth_date) : '—'],
    ['موبایل', digits(request.mobile)],
  ];
  if (request.type === 'legal') {
    facts.push(
      ['نام شرکت', or(request.company_name)],
      ['شناسهٔ ملی شرکت', digits(request.company_national_id)],
      ['شمارهٔ ثبت', digits(request.company_registration_no)],
    );
  }
  return facts;
}
