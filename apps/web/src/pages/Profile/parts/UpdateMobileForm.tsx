import { useForm } from '@renderfarm/react';
import { type FormEvent, useRef } from 'react';
import { Button } from '../../../components/ui/Button';
import { bindField } from '../../../components/ui/bind-field';
import { FormSection } from '../../../components/ui/FormSection';
import { CODE_INPUT, MOBILE_INPUT } from '../../../components/ui/input-presets';
import { Ltr } from '../../../components/ui/Ltr';
import { TextField } from '../../../components/ui/TextField';
import { useFocusFirstError } from '../../../hooks/use-focus-first-error';
import { toPersianDigits } from '../../../lib/digits';
import { useRoute } from '../../../lib/route';

/**
 * The account's mobile number: shown whole to its owner, and changed in two steps: the new
 * number, then the SMS code sent to it (the old number stays until the code comes back).
 */
export function UpdateMobileForm({ mobile, pending }: { mobile: string | null; pending: string | null }) {
  const route = useRoute();
  const number = useForm({ mobile: '' });
  const code = useForm({ code: '' });
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, pending ? code.errors : number.errors);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    await number.post(route('user-mobile.send'), { preserveScroll: true, onSuccess: () => number.reset() });
  };
  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    await code.put(route('user-mobile.update'), { preserveScroll: true, onSuccess: () => code.reset() });
  };

  return (
    <FormSection
      id="update-mobile"
      title="شماره موبایل"
      description="برای ورود با کد پیامکی و پیام‌های مهم حساب. شمارهٔ تازه پس از تأیید با کد پیامکی جایگزین می‌شود."
    >
      <p className="mb-4 text-sm text-gray-700">
        شمارهٔ فعلی:{' '}
        {mobile ? <Ltr className="font-medium">{toPersianDigits(mobile)}</Ltr> : <span>ثبت نشده</span>}
      </p>
      {pending ? (
        <form ref={formRef} onSubmit={confirm} noValidate className="space-y-5">
          <TextField
            label="کد پیامک‌شده"
            {...bindField(code, code.errors, 'code')}
            {...CODE_INPUT}
            hint={
              <>
                کد به <Ltr>{toPersianDigits(pending)}</Ltr> فرستاده شد.
              </>
            }
            autoFocus
          />
          <div className="flex flex-wrap items-center justify-end gap-2">
            <Button
              type="button"
              variant="ghost"
              onClick={() => number.delete(route('user-mobile.cancel'), { preserveScroll: true })}
            >
              انصراف
            </Button>
            <Button type="submit" disabled={code.processing}>
              تأیید شمارهٔ تازه
            </Button>
          </div>
        </form>
      ) : (
        <form ref={formRef} onSubmit={send} noValidate className="space-y-5">
          <TextField label="شمارهٔ تازه" {...bindField(number, number.errors, 'mobile')} {...MOBILE_INPUT} />
          <div className="flex justify-end">
            <Button type="submit" disabled={number.processing}>
              فرستادن کد تأیید
            </Button>
          </div>
        </form>
      )}
    </FormSection>
  );
}
