import { useForm } from '@renderfarm/react';
import type { PanelAccountEditProps } from '@server/modules/verification/contracts';
import { ArrowRight, Save } from 'lucide-react';
import { MobileCodeForms } from '../../../components/account/MobileCodeForms';
import { BillToFields } from '../../../components/invoices/BillToFields';
import { Button, ButtonLink } from '../../../components/ui/Button';
import { Checkbox } from '../../../components/ui/Checkbox';
import { FormSection } from '../../../components/ui/FormSection';
import { Screen } from '../../../components/ui/Screen';
import { toPersianDigits } from '../../../lib/digits';
import { useRoute } from '../../../lib/route';

/**
 * `panel.account.edit` «ویرایش حساب»: the bill-to profile new invoices start from (after identity
 * approval the person's name and national code are the verified ones), the mobile changed by an SMS
 * code, and news by e-mail.
 */
export default function AccountEdit({
  account,
  bill_to,
  names_locked,
  marketing_opt_in,
  mobile_code,
}: PanelAccountEditProps) {
  const route = useRoute();
  const form = useForm({ ...bill_to, marketing_opt_in });

  return (
    <Screen
      title="ویرایش حساب"
      actions={
        <ButtonLink href={route('panel.account.show')} variant="secondary">
          <ArrowRight aria-hidden="true" className="size-4" />
          حساب کاربری
        </ButtonLink>
      }
    >
      <div className="grid gap-8">
        <FormSection
          id="bill-to"
          title="مشخصات صورت‌حساب"
          description={
            names_locked
              ? 'نام و کد ملی از احراز هویت تأییدشدهٔ شما می‌آید و اینجا تغییر نمی‌کند.'
              : 'صورت‌حساب‌های تازه با این مشخصات صادر می‌شوند.'
          }
        >
          <div>
            <form
              noValidate
              className="grid gap-4"
              onSubmit={(event) => {
                event.preventDefault();
                form.put(route('panel.account.update'), { preserveScroll: true });
              }}
            >
              <BillToFields
                values={form.data}
                errors={form.errors}
                onChange={(key, value) => form.setData(key, value)}
                locked={names_locked && form.data.kind === 'person' ? ['name', 'national_code'] : []}
              />
              <Checkbox
                label="خبرها، آموزش‌ها و تخفیف‌ها را با ایمیل برایم بفرستید."
                checked={form.data.marketing_opt_in}
                onChange={(checked) => form.setData('marketing_opt_in', checked)}
              />
              <Button type="submit" disabled={form.processing} className="justify-self-start">
                <Save aria-hidden="true" className="size-4" />
                ذخیره
              </Button>
            </form>
          </div>
        </FormSection>
        <FormSection
          id="mobile"
          title="شمارهٔ موبایل"
          description="شمارهٔ تازه با کدی که به آن پیامک می‌شود تأیید می‌شود؛ برای تغییر شماره، رمز عبور دوباره پرسیده می‌شود."
        >
          <div className="grid gap-4">
            {account.mobile && (
              <p className="text-sm text-gray-700">
                شمارهٔ فعلی: <span dir="ltr">{toPersianDigits(account.mobile)}</span>
                {account.mobile_verified ? ' (تأییدشده)' : ' (تأییدنشده)'}
              </p>
            )}
            <MobileCodeForms initialMobile={account.mobile ?? ''} pending={mobile_code?.mobile ?? null} />
          </div>
        </FormSection>
      </div>
    </Screen>
  );
}
