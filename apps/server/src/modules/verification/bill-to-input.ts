import { z } from 'zod';
import { COMPANY_NATIONAL_ID_MESSAGES, checkCompanyNationalId } from '../../lib/company-national-id';
import { toLatinDigits } from '../../lib/digits';
import { checkEconomicCode, ECONOMIC_CODE_MESSAGES } from '../../lib/economic-code';
import { isNationalCode } from '../../lib/national-code';
import type { BillTo } from '../billing';

const digitsOf = (v: unknown) => (typeof v === 'string' ? toLatinDigits(v).replace(/[\s\-‌]/g, '') : v);

const optionalDigits = z.preprocess(digitsOf, z.string().max(20).optional().default(''));

/**
 * Who an invoice is made out to: a person (name, national code) or a company (name, شناسهٔ ملی,
 * کد اقتصادی), with the address and postal code an official invoice needs. Each code is checked
 * by its check digit (src/lib): a company's economic code is its national ID, or an old 12-digit one.
 */
export const billToInput = z
  .object({
    kind: z.enum(['person', 'company'], { error: 'نوع خریدار را انتخاب کنید: شخص یا شرکت.' }),
    name: z.string().trim().max(150, 'نام حداکثر ۱۵۰ نویسه باشد.').default(''),
    national_code: optionalDigits,
    company_id: optionalDigits,
    economic_code: optionalDigits,
    address: z.string().trim().max(300, 'نشانی حداکثر ۳۰۰ نویسه باشد.').default(''),
    postal_code: optionalDigits,
  })
  .superRefine((input, ctx) => {
    const fail = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    const person = input.kind === 'person';
    if (input.name.length < 2)
      fail('name', person ? 'نام و نام خانوادگی را بنویسید.' : 'نام شرکت را بنویسید.');
    if (person) {
      if (!/^\d{10}$/.test(input.national_code)) fail('national_code', 'کد ملی باید ۱۰ رقم باشد.');
      else if (!isNationalCode(input.national_code))
        fail('national_code', 'این کد ملی درست نیست؛ رقم‌ها را دوباره بررسی کنید.');
    } else {
      const id = checkCompanyNationalId(input.company_id);
      if (!id.ok) {
        fail(
          'company_id',
          id.problem === 'checksum' || id.problem === 'serial'
            ? COMPANY_NATIONAL_ID_MESSAGES[id.problem]
            : 'شناسهٔ ملی شرکت باید ۱۱ رقم باشد.',
        );
      }
      const economic = checkEconomicCode(input.economic_code);
      if (!economic.ok) {
        fail(
          'economic_code',
          economic.problem === 'checksum' || economic.problem === 'same_digits'
            ? ECONOMIC_CODE_MESSAGES[economic.problem]
            : 'کد اقتصادی شرکت ۱۱ رقم (همان شناسهٔ ملی) یا ۱۲ رقم (کد قدیمی) است.',
        );
      } else if (economic.kind === 'person') {
        fail(
          'economic_code',
          'کد اقتصادی ۱۰ رقمی کد ملی یک شخص است؛ کد اقتصادی شرکت همان شناسهٔ ملی ۱۱ رقمی آن است (یا کد ۱۲ رقمی قدیمی).',
        );
      } else if (economic.kind === 'company' && id.ok && economic.code !== id.code) {
        // Since the codes were unified, a legal person's economic code is its national ID.
        fail('economic_code', 'کد اقتصادی ۱۱ رقمی شرکت همان شناسهٔ ملی آن است؛ این دو با هم نمی‌خوانند.');
      }
    }
    if (input.address.length < 10) fail('address', 'نشانی را کامل بنویسید: شهر، خیابان و پلاک.');
    if (!/^\d{10}$/.test(input.postal_code)) fail('postal_code', 'کد پستی باید ۱۰ رقم باشد، بدون خط تیره.');
  })
  .transform(
    (input): BillTo =>
      input.kind === 'person'
        ? {
            kind: 'person',
            name: input.name,
            national_code: input.national_code,
            address: input.address,
            postal_code: input.postal_code,
          }
        : {
            kind: 'company',
            name: input.name,
            company_id: input.company_id,
            economic_code: input.economic_code,
            address: input.address,
            postal_code: input.postal_code,
          },
  );
