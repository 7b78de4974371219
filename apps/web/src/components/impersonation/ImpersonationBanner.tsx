import { router } from '@renderfarm/react';
import { UserRoundCog } from 'lucide-react';
import { useState } from 'react';
import { usePage } from '../../app/protocol';
import { useRoute } from '../../lib/route';

/**
 * While an admin is signed in as a customer (shared prop `impersonation`): a bar on every page
 * that says so and leads back. The way back is a POST (`impersonate.leave`), answered with 409 so
 * the admin's own route list comes with the next full load.
 */
export function ImpersonationBanner() {
  const { props } = usePage();
  const route = useRoute();
  const [leaving, setLeaving] = useState(false);
  const impersonation = props.impersonation;
  if (!impersonation) return null;
  const leave = () => {
    setLeaving(true);
    router.post(route('impersonate.leave'), {}, { onFinish: () => setLeaving(false) });
  };
  return (
    <div
      role="region"
      aria-label="ورود به‌جای کاربر"
      className="relative z-40 flex flex-wrap items-center gap-x-4 gap-y-2 bg-amber-100 px-4 py-2 text-sm text-amber-950 shadow-sm sm:px-6"
    >
      <UserRoundCog aria-hidden="true" className="size-5 shrink-0" />
      <p className="min-w-0 flex-1 [overflow-wrap:anywhere]">
        شما ({impersonation.admin_name}) به‌جای <strong>{impersonation.user_name}</strong> وارد شده‌اید؛ هر کاری
        به نام شما ثبت می‌شود.
      </p>
      <button
        type="button"
        onClick={leave}
        disabled={leaving}
        className="min-h-10 rounded-lg bg-amber-900 px-3 font-medium text-white hover:bg-amber-800 disabled:opacity-60"
      >
        بازگشت به حساب مدیر
      </button>
    </div>
  );
}
