import type { BrowserSession } from '@server/modules/accounts/contracts';
import { Monitor, Smartphone } from 'lucide-react';
import { PasswordDialog } from '../../../components/confirm/PasswordDialog';
import { Badge } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { FormSection } from '../../../components/ui/FormSection';
import { Ltr } from '../../../components/ui/Ltr';
import { SavedNote } from '../../../components/ui/SavedNote';
import { useWhen } from '../../../hooks/use-when';
import { usePasswordConfirmedDelete } from './use-password-confirmed-delete';

const UNKNOWN = 'نامشخص';

/** Where the account is signed in, and a way to sign out everywhere else with the password. */
export function LogoutOtherBrowserSessionsForm({ sessions }: { sessions: BrowserSession[] }) {
  const { form, open, show, close, submit } = usePasswordConfirmedDelete('other-browser-sessions.destroy');
  const { when } = useWhen();
  const others = sessions.filter((session) => !session.is_current_device).length;

  return (
    <FormSection
      id="browser-sessions"
      title="نشست‌های مرورگر"
      description="دستگاه‌ها و مرورگرهایی که با حسابتان وارد شده‌اند. اگر دستگاهی را نمی‌شناسید، از همه نشست‌های دیگر خارج شوید و رمز عبورتان را عوض کنید."
    >
      {sessions.length === 0 ? (
        <p className="text-sm text-gray-600">فهرست نشست‌ها در دسترس نیست.</p>
      ) : (
        <ul aria-label="نشست‌های فعال" className="space-y-4">
          {sessions.map((session, index) => {
            const Icon = session.agent.is_desktop === false ? Smartphone : Monitor;
            return (
              // Sessions have no id on the wire (their ids are secrets).
              // biome-ignore lint/suspicious/noArrayIndexKey: the list is replaced whole on each visit.
              <li key={index} className="flex items-center gap-3">
                <Icon aria-hidden="true" className="size-8 shrink-0 text-gray-500" />
                <div className="min-w-0 text-sm">
                  <p className="text-gray-900">
                    {session.agent.browser || UNKNOWN} روی {session.agent.platform || UNKNOWN}
                    <span className="sr-only">
                      {session.agent.is_desktop === false ? ' (موبایل)' : ' (رایانه)'}
                    </span>
                  </p>
                  <p className="text-xs text-gray-500">
                    {/* Latin digits: in Persian ones the dots of an address read as zeros («۱۲۷.۰.۰.۱»). */}
                    <Ltr>{session.ip_address}</Ltr>
                    {' · '}
                    {session.is_current_device ? (
                      <Badge tone="green">همین دستگاه</Badge>
                    ) : (
                      <>آخرین فعالیت: {when(session.last_active)}</>
                    )}
                  </p>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <div className="mt-5 flex flex-wrap items-center gap-3">
        <Button variant="secondary" onClick={show} disabled={sessions.length > 0 && others === 0}>
          خروج از نشست‌های دیگر
        </Button>
        <SavedNote show={form.recentlySuccessful}>از نشست‌های دیگر خارج شدید.</SavedNote>
      </div>
      <PasswordDialog
        open={open}
        onClose={close}
        onSubmit={submit}
        form={form}
        title="خروج از نشست‌های دیگر"
        description="همه دستگاه‌ها و مرورگرهای دیگر از حساب خارج می‌شوند. برای تأیید، رمز عبورتان را وارد کنید."
        button="خروج از نشست‌های دیگر"
      />
    </FormSection>
  );
}
