import type { DeleteBlocker } from '@server/modules/accounts/contracts';
import { PasswordDialog } from '../../../components/confirm/PasswordDialog';
import { Button } from '../../../components/ui/Button';
import { FormAlert } from '../../../components/ui/FormAlert';
import { FormSection } from '../../../components/ui/FormSection';
import { usePasswordConfirmedDelete } from './use-password-confirmed-delete';

/** Deleting the account: asks for the password in a dialog, and says first what stands in the way. */
export function DeleteUserForm({ blockers }: { blockers: DeleteBlocker[] }) {
  const { form, open, show, close, submit } = usePasswordConfirmedDelete('current-user.destroy');
  // Refusals (balance, machines, invoices) arrive as errors other than the password's own.
  const refusals = Object.entries(form.errors)
    .filter(([field, message]) => field !== 'password' && message)
    .map(([, message]) => message as string);

  const reasons = blockers.length > 0 && (
    <ul className="list-disc space-y-1 ps-5">
      {blockers.map((blocker) => (
        <li key={blocker.code}>{blocker.message}</li>
      ))}
    </ul>
  );

  return (
    <FormSection
      id="delete-account"
      tone="danger"
      title="حذف حساب"
      description="با حذف حساب، اطلاعات شخصی‌تان پاک و دسترسی به سرورها، صورت‌حساب‌ها و تیکت‌ها بسته می‌شود. این کار برگشت‌پذیر نیست."
    >
      {reasons ? (
        <div className="mb-4 rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          <p className="mb-1 font-semibold">پیش از حذف حساب باید این موارد تسویه شوند:</p>
          {reasons}
        </div>
      ) : (
        <p className="mb-4 text-sm leading-7 text-gray-700">
          پیش از حذف، فایل‌ها و اطلاعاتی را که لازم دارید از سرورها و فضاهای ذخیره‌سازی بردارید.
        </p>
      )}
      <Button variant="danger" onClick={show}>
        حذف حساب
      </Button>
      <PasswordDialog
        open={open}
        onClose={close}
        onSubmit={submit}
        form={form}
        tone="danger"
        title="حساب برای همیشه حذف شود؟"
        description="اطلاعات شخصی‌تان پاک می‌شود و دیگر نمی‌توانید با این حساب وارد شوید. برای تأیید، رمز عبورتان را وارد کنید."
        button="حذف حساب"
      >
        <FormAlert>
          {refusals.length > 0 ? (
            <ul className="space-y-1">
              {refusals.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
          ) : null}
        </FormAlert>
      </PasswordDialog>
    </FormSection>
  );
}
