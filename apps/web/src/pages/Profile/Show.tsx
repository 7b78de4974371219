import type { ProfileDetails, ProfileShowProps, TwoFactorState } from '@server/modules/accounts/contracts';
import { usePage } from '../../app/protocol';
import { Screen } from '../../components/ui/Screen';
import { DeleteUserForm } from './parts/DeleteUserForm';
import { LogoutOtherBrowserSessionsForm } from './parts/LogoutOtherBrowserSessionsForm';
import { TwoFactorAuthenticationForm } from './parts/TwoFactorAuthenticationForm';
import { UpdateMobileForm } from './parts/UpdateMobileForm';
import { UpdatePasswordForm } from './parts/UpdatePasswordForm';
import { UpdateProfileInformationForm } from './parts/UpdateProfileInformationForm';

/** `profile.show`: the five account-security forms, one under another. */
export default function Show({
  user: profile,
  two_factor,
  sessions = [],
  confirms_two_factor_authentication = true,
  delete_blockers = [],
}: ProfileShowProps) {
  const user = usePage().props.auth?.user;
  const twoFactor: TwoFactorState = two_factor ?? {
    enabled: Boolean(user?.two_factor),
    confirmed: Boolean(user?.two_factor),
  };
  const details: ProfileDetails = profile ?? {
    name: user?.name ?? '',
    email: null,
    email_verified: user?.email_verified ?? false,
  };

  return (
    <Screen title="پروفایل و امنیت" description="اطلاعات حساب، رمز عبور، ورود دومرحله‌ای و نشست‌ها.">
      <div className="space-y-10">
        <UpdateProfileInformationForm profile={details} />
        <UpdateMobileForm mobile={details.mobile ?? null} pending={details.mobile_pending ?? null} />
        <UpdatePasswordForm hasPassword={details.has_password ?? true} />
        <TwoFactorAuthenticationForm
          state={twoFactor}
          requiresConfirmation={confirms_two_factor_authentication}
        />
        <LogoutOtherBrowserSessionsForm sessions={sessions} />
        <DeleteUserForm blockers={delete_blockers} />
      </div>
    </Screen>
  );
}
