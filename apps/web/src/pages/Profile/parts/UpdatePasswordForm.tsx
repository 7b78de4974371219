import { useForm } from '@renderfarm/react';
import { type FormEvent, useRef } from 'react';
import { NewPasswordFields } from '../../../components/auth/NewPasswordFields';
import { Button } from '../../../components/ui/Button';
import { formBinders } from '../../../components/ui/bind-field';
import { FormSection } from '../../../components/ui/FormSection';
import { CURRENT_PASSWORD_INPUT } from '../../../components/ui/input-presets';
import { SavedNote } from '../../../components/ui/SavedNote';
import { TextField } from '../../../components/ui/TextField';
import { useFocusFirstError } from '../../../hooks/use-focus-first-error';
import { useRoute } from '../../../lib/route';

/** A new password; accounts made by SMS code set their first one without a current password. */
export function UpdatePasswordForm({ hasPassword = true }: { hasPassword?: boolean }) {
  const route = useRoute();
  const form = useForm({ current_password: '', password: '', password_confirmation: '' });
  const { field } = formBinders(form);
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, form.errors);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    form.transform(({ current_password, ...rest }) => (hasPassword ? { current_password, ...rest } : rest));
    await form.put(route('user-password.update'), {
      preserveScroll: true,
      // A refused form keeps what was typed, so every error can be fixed in one go.
      onSuccess: () => form.reset(),
    });
  };

  return (
    <FormSection
      id="update-password"
      title={hasPassword ? 'تغییر رمز عبور' : 'تعیین رمز عبور'}
      description="رمزی بلند و یکتا انتخاب کنید. پس از تغییر، از همه دستگاه‌های دیگر خارج می‌شوید."
    >
      <form ref={formRef} onSubmit={submit} noValidate className="space-y-5">
        {hasPassword && (
          <TextField label="رمز عبور فعلی" {...field('current_password')} {...CURRENT_PASSWORD_INPUT} />
        )}
        <NewPasswordFields form={form} errors={form.errors} label="رمز عبور جدید" required={false} />
        <div className="flex items-center justify-end gap-3">
          <SavedNote show={form.recentlySuccessful} />
          <Button type="submit" disabled={form.processing}>
            ذخیره رمز عبور
          </Button>
        </div>
      </form>
    </FormSection>
  );
}
