import type { PanelAccountShowProps } from '@server/modules/verification/contracts';
import { BadgeCheck, CircleAlert, Pencil } from 'lucide-react';
import { BillToSummary } from '../../../components/invoices/BillToFields';
import { Badge } from '../../../components/ui/Badge';
import { ButtonLink } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { FactList } from '../../../components/ui/FactList';
import { Screen } from '../../../components/ui/Screen';
import { StatusBadge } from '../../../components/ui/StatusBadge';
import { toPersianDigits } from '../../../lib/digits';
import { useRoute } from '../../../lib/route';

function Verified({ ok }: { ok: boolean }) {
  return ok ? (
    <Badge tone="green">
      <BadgeCheck aria-hidden="true" className="size-3.5" />
      تأییدشده
    </Badge>
  ) : (
    <Badge tone="yellow">
      <CircleAlert aria-hidden="true" className="size-3.5" />
      تأییدنشده
    </Badge>
  );
}

/**
 * `panel.account.show` «حساب کاربری»: who the account is (name, mobile, e-mail with their
 * verified badges, identity check and what to do next), the bill-to new invoices start from, the
 * limits that apply to it now, and the way to Profile and API.
 */
export default function AccountShow({ account, bill_to, marketing_opt_in, limits }: PanelAccountShowProps) {
  const route = useRoute();
  const link = (name: string) => (route.has(name) ? route(name) : null);
  const approved = account.kyc_status === 'approved';
  const waiting = account.kyc_status === 'submitted' || account.kyc_status === 'under_review';
  const mobile = account.mobile ? (
    <span className="flex flex-wrap items-center gap-2">
      <span dir="ltr">{toPersianDigits(account.mobile)}</span>
      <Verified ok={account.mobile_verified} />
    </span>
  ) : (
    '—'
  );
  const email = account.email ? (
    <span className="flex flex-wrap items-center gap-2">
      <span className="break-all">{account.email}</span>
      <Verified ok={account.email_verified} />
    </span>
  ) : (
    '—'
  );

  return (
    <Screen
      title="حساب کاربری"
      description="مشخصات، وضعیت احراز هویت و سقف‌های حساب شما."
      actions={
        link('panel.account.edit') && (
          <ButtonLink href={link('panel.account.edit')!} variant="secondary">
            <Pencil aria-hidden="true" className="size-4" />
            ویرایش حساب
          </ButtonLink>
        )
      }
    >
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <Card className="min-w-0 p-5">
          <h2 className="mb-4 font-bold text-gray-900">مشخصات</h2>
          <FactList
            facts={[
              ['نام', account.name],
              ['موبایل', mobile],
              ['ایمیل', email],
              ['ورود دومرحله‌ای', account.two_factor ? 'روشن' : 'خاموش'],
              ['خبرنامه و تخفیف‌ها', marketing_opt_in ? 'دریافت می‌کنم' : 'دریافت نمی‌کنم'],
            ]}
          />
          <div className="mt-4 flex flex-wrap gap-2">
            {link('profile.show') && (
              <ButtonLink href={link('profile.show')!} variant="secondary" size="sm">
                پروفایل و امنیت
              </ButtonLink>
            )}
            {link('api-tokens.index') && approved && (
              <ButtonLink href={link('api-tokens.index')!} variant="secondary" size="sm">
                توکن‌های API
              </ButtonLink>
            )}
          </div>
        </Card>
        <Card className="min-w-0 p-5">
          <h2 className="mb-4 flex flex-wrap items-center gap-2 font-bold text-gray-900">
            احراز هویت
            <StatusBadge kind="kyc" state={account.kyc_status} />
          </h2>
          <p className="text-sm leading-7 text-gray-700">
            {approved
              ? 'هویت شما تأیید شده است؛ نام و کد ملی حساب از همین تأیید می‌آید.'
              : waiting
                ? 'مدارک شما در دست بررسی است؛ نتیجه را پیامک می‌کنیم.'
                : 'برای اجارهٔ سرور، ساخت توکن API و خرید اعتبار بیش از سقف، هویتتان را تأیید کنید.'}
          </p>
          {account.kyc_reason && (
            <p className="mt-2 rounded-lg bg-red-50 p-3 text-sm leading-7 text-red-800">
              دلیل: {account.kyc_reason}
            </p>
          )}
          {link('panel.account.verify') && !approved && (
            <ButtonLink href={link('panel.account.verify')!} size="sm" className="mt-4">
              {waiting ? 'دیدن درخواست' : 'احراز هویت'}
            </ButtonLink>
          )}
        </Card>
        <Card className="min-w-0 p-5">
          <h2 className="mb-4 font-bold text-gray-900">مشخصات صورت‌حساب</h2>
          {bill_to ? (
            <BillToSummary billTo={bill_to} />
          ) : (
            <p className="text-sm text-gray-600">
              هنوز مشخصاتی برای صورت‌حساب رسمی ثبت نکرده‌اید؛ از «ویرایش حساب» اضافه کنید.
            </p>
          )}
        </Card>
        <Card className="min-w-0 p-5">
          <h2 className="mb-4 font-bold text-gray-900">سقف‌های حساب</h2>
          <FactList facts={limits.map((l) => [l.label, l.value ?? 'بدون سقف'])} />
        </Card>
      </div>
    </Screen>
  );
}
