import { useForm } from '@renderfarm/react';
import type { PanelAccountEditProps } from '@server/modules/verification/contracts';
import { ArrowRight, Save } from 'lucide-react';
import { Head } from '../../../app/protocol';
import { PageHeader } from '../../../components/account/PageHeader';
import { BillToFields } from '../../../components/invoices/BillToFields';
import { Button, ButtonLink } from '../../../components/ui/Button';
import { bindField } from '../../../components/ui/bind-field';
import { Checkbox } from '../../../components/ui/Checkbox';
import { FormSection } from '../../../components/ui/FormSection';
import { TextField } from '../../../components/ui/TextField';
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
  const mobile = useForm({ mobile: mobile_code?.mobile ?? account.mobile ?? '', code: '' });
  const sent = mobile_code !== null && mobile_code.mobile === mobile.data.mobile;

  return (
    <>
      <Head title="ویرایش حساب" />
      <PageHeader
        title="ویرایش حساب"
        actions={
          <ButtonLink href={route('panel.account.show')} variant="secondary">
            <ArrowRight aria-hidden="true" className="size-4" />
            حساب کاربری
          </ButtonLink>
        }
      />
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
            <form
              noValidate
              className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end"
              onSubmit={(event) => {
                event.preventDefault();
                mobile.post(route('panel.account.mobile.send'), { preserveScroll: true });
              }}
            >
              <TextField
                label="شمارهٔ موبایل"
                ltr
                digits
                inputMode="tel"
                maxLength={20}
                {...bindField(mobile, mobile.errors, 'mobile')}
              />
              <Button type="submit" variant="secondary" disabled={mobile.processing} className="h-11">
                {sent ? 'ارسال دوبارهٔ کد' : 'ارسال کد'}
              </Button>
            </form>
            {sent && (
              <form
                noValidate
                className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end"
                onSubmit={(event) => {
                  event.preventDefault();
                  mobile.put(route('panel.account.mobile.update'), { preserveScroll: true });
                }}
              >
                <TextField
                  label="کد شش‌رقمی"
                  ltr
                  digits
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={6}
                  {...bindField(mobile, mobile.errors, 'code')}
                />
                <Button type="submit" disabled={mobile.processing} className="h-11">
                  تأیید کد
                </Button>
              </form>
            )}
          </div>
        </FormSection>
      </div>
    </>
  );
}
