import { router, useForm } from '@renderfarm/react';
import type { StaffVerifyEditProps } from '@server/modules/verification/contracts';
import { ArrowRight, Check, CircleAlert, CircleCheck, Hand, ShieldOff, X } from 'lucide-react';
import { useState } from 'react';
import { Link } from '../../app/protocol';
import { toPersianDigits } from '../../lib/digits';
import { useRoute } from '../../lib/route';
import { Button, ButtonLink } from '../ui/Button';
import { formBinders } from '../ui/bind-field';
import { CancelButton } from '../ui/CancelButton';
import { Card } from '../ui/Card';
import { FactList } from '../ui/FactList';
import { FormAlert } from '../ui/FormAlert';
import { JalaliTime } from '../ui/JalaliTime';
import { Modal } from '../ui/Modal';
import { Screen } from '../ui/Screen';
import { StatusBadge } from '../ui/StatusBadge';
import { TextAreaField } from '../ui/TextAreaField';
import { DocumentViewer } from './DocumentViewer';
import { requestFacts } from './kyc-facts';

function Check_({ ok, children }: { ok: boolean; children: React.ReactNode }) {
  const Icon = ok ? CircleCheck : CircleAlert;
  return (
    <li className="flex items-start gap-2 text-sm leading-6">
      <Icon
        aria-hidden="true"
        className={`mt-0.5 size-5 shrink-0 ${ok ? 'text-green-600' : 'text-red-600'}`}
      />
      <span className={ok ? 'text-gray-800' : 'font-medium text-red-800'}>{children}</span>
    </li>
  );
}

/**
 * One identity check for a reviewer (care and admin share it): the papers in a viewer, the entered
 * data beside the checks (national-code checksum, the mobile against the account's verified one,
 * the same code on another account), earlier attempts; claim, then approve or reject with a
 * reason. Admins also revoke an approval and read the full history.
 */
export function StaffVerifyEdit({
  area,
  request,
  owner,
  documents,
  checks,
  approval,
  attempts,
  reviewer,
  can,
  history,
}: StaffVerifyEditProps & { area: 'care' | 'admin' }) {
  const route = useRoute();
  const id = request.id;
  const decide = useForm({ decision: 'approve' as 'approve' | 'reject', reason: '', override_reason: '' });
  const revoke = useForm({ reason: '' });
  const { field: decideField } = formBinders(decide);
  const { field: revokeField } = formBinders(revoke);
  const [rejecting, setRejecting] = useState(false);
  const [overriding, setOverriding] = useState(false);
  const [revoking, setRevoking] = useState(false);
  const [claiming, setClaiming] = useState(false);
  const title = area === 'care' ? 'بررسی مدارک' : 'بررسی احراز هویت';

  const send = (decision: 'approve' | 'reject', override = false) => {
    decide.transform((data) => ({
      decision,
      reason: decision === 'reject' ? data.reason : undefined,
      override_reason: override ? data.override_reason : undefined,
    }));
    decide.patch(route(`${area}.verify.decide`, { verification: id }), {
      preserveScroll: true,
      onSuccess: () => {
        setRejecting(false);
        setOverriding(false);
      },
    });
  };
  const elsewhere = approval.approved_elsewhere.map((a) => a.name).join('، ');
  const claim = () => {
    setClaiming(true);
    router.post(
      route(`${area}.verify.claim`, { verification: id }),
      {},
      {
        preserveScroll: true,
        onFinish: () => setClaiming(false),
      },
    );
  };

  return (
    <Screen
      title={title}
      description={
        <span className="flex flex-wrap items-center gap-2">
          {owner?.name ?? '—'}
          <StatusBadge kind="kyc" state={request.status} />
          {reviewer && <span className="text-sm text-gray-600">کارشناس: {reviewer}</span>}
        </span>
      }
      actions={
        <ButtonLink href={route(`${area}.verify.list`)} variant="secondary">
          <ArrowRight aria-hidden="true" className="size-4" />
          صف احراز هویت
        </ButtonLink>
      }
    >
      <FormAlert className="mb-4">{decide.errors.decision}</FormAlert>
      <div className="grid items-start gap-6 lg:grid-cols-5">
        <Card className="min-w-0 p-4 lg:col-span-3">
          <h2 className="mb-3 font-bold text-gray-900">مدارک</h2>
          <DocumentViewer documents={documents} />
          <p className="mt-3 text-sm leading-7 text-gray-700">
            متن دست‌نوشتهٔ سلفی باید این باشد:{' '}
            <strong className="inline-block whitespace-nowrap text-gray-900">{request.selfie_text}</strong>
          </p>
        </Card>
        <div className="grid min-w-0 gap-6 lg:col-span-2">
          <Card className="p-4">
            <h2 className="mb-3 font-bold text-gray-900">اطلاعات واردشده</h2>
            <FactList facts={requestFacts(request)} />
            {owner && (
              <p className="mt-3 text-sm text-gray-600">
                حساب: {owner.name}
                {owner.email && (
                  <span dir="ltr" className="block break-all text-end">
                    {owner.email}
                  </span>
                )}
              </p>
            )}
          </Card>
          <Card className="p-4">
            <h2 className="mb-3 font-bold text-gray-900">بررسی‌های خودکار</h2>
            <ul className="grid gap-2">
              <Check_ ok={approval.missing.length === 0}>
                {approval.missing.length === 0
                  ? 'همهٔ مدارک لازم این نوع درخواست فرستاده شده است.'
                  : `مدرک لازم در دست نیست: ${approval.missing.map((m) => `«${m.label}»`).join('، ')}`}
              </Check_>
              <Check_ ok={checks.national_code_valid}>
                {checks.national_code_valid ? 'رقم کنترل کد ملی درست است.' : 'رقم کنترل کد ملی نادرست است.'}
              </Check_>
              <Check_ ok={checks.mobile_matches}>
                {checks.mobile_matches
                  ? 'موبایل با کد پیامکی تأیید شده و همان موبایل تأییدشدهٔ حساب است.'
                  : 'موبایل درخواست با موبایل تأییدشدهٔ حساب یکی نیست یا تأیید نشده است.'}
              </Check_>
              <Check_ ok={checks.duplicates.length === 0}>
                {checks.duplicates.length === 0 ? (
                  'این کد ملی در حساب دیگری ثبت نشده است.'
                ) : (
                  <>
                    این کد ملی در حساب‌های دیگر هم آمده است:{' '}
                    {checks.duplicates.map((d) => (
                      <span key={d.user_id} className="ms-1 inline-flex items-center gap-1">
                        {d.name} <StatusBadge kind="kyc" state={d.status} dot={false} />
                      </span>
                    ))}
                  </>
                )}
              </Check_>
            </ul>
          </Card>
          <Card className="p-4">
            <h2 className="mb-3 font-bold text-gray-900">تصمیم</h2>
            {request.reason && (
              <p className="mb-3 rounded-lg bg-gray-50 p-3 text-sm leading-7 text-gray-800">
                دلیل: {request.reason}
              </p>
            )}
            {can.decide && approval.missing.length > 0 && (
              <div className="mb-3 rounded-lg border border-red-200 bg-red-50 p-3 text-sm leading-7 text-red-900">
                <p className="font-medium">تا همهٔ مدارک لازم در دست نباشد، تأیید ممکن نیست. کم است:</p>
                <ul className="list-inside list-disc">
                  {approval.missing.map((m) => (
                    <li key={m.kind}>{m.label}</li>
                  ))}
                </ul>
                <p>درخواست را با دلیل رد کنید تا مشتری مدارک را دوباره بفرستد.</p>
              </div>
            )}
            {can.decide && approval.missing.length === 0 && approval.approved_elsewhere.length > 0 && (
              <div className="mb-3 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm leading-7 text-amber-950">
                <p className="font-medium">این کد ملی برای حساب دیگری تأیید شده است: {elsewhere}.</p>
                <p>
                  {can.override
                    ? 'اگر با این حال تأیید می‌کنید، دلیلش را بنویسید؛ در تاریخچه و گزارش کارها می‌ماند.'
                    : 'تأیید این درخواست تنها با نظر مدیر سامانه و نوشتن دلیل ممکن است؛ اگر درخواست نادرست است، آن را رد کنید.'}
                </p>
              </div>
            )}
            <div className="flex flex-wrap gap-2">
              {can.claim && (
                <Button type="button" onClick={claim} disabled={claiming}>
                  <Hand aria-hidden="true" className="size-4" />
                  برداشتن برای بررسی
                </Button>
              )}
              {can.decide && (
                <>
                  {can.approve && (
                    <Button type="button" onClick={() => send('approve')} disabled={decide.processing}>
                      <Check aria-hidden="true" className="size-4" />
                      تأیید هویت
                    </Button>
                  )}
                  {can.override && (
                    <Button type="button" onClick={() => setOverriding(true)} disabled={decide.processing}>
                      <Check aria-hidden="true" className="size-4" />
                      تأیید با ذکر دلیل
                    </Button>
                  )}
                  <Button type="button" variant="danger" onClick={() => setRejecting(true)}>
                    <X aria-hidden="true" className="size-4" />
                    رد درخواست
                  </Button>
                </>
              )}
              {can.revoke && (
                <Button type="button" variant="danger" onClick={() => setRevoking(true)}>
                  <ShieldOff aria-hidden="true" className="size-4" />
                  لغو تأیید
                </Button>
              )}
              {!can.claim && !can.decide && !can.revoke && (
                <p className="text-sm text-gray-600">
                  {request.status === 'under_review'
                    ? 'این درخواست را همکار دیگری بررسی می‌کند.'
                    : 'کاری برای این درخواست نمانده است.'}
                </p>
              )}
            </div>
          </Card>
          {attempts.length > 0 && (
            <Card className="p-4">
              <h2 className="mb-3 font-bold text-gray-900">درخواست‌های پیشین این حساب</h2>
              <ul className="grid gap-3">
                {attempts.map((a) => (
                  <li key={a.id} className="text-sm leading-6">
                    <span className="flex flex-wrap items-center gap-2">
                      <Link
                        href={route(`${area}.verify.edit`, { verification: a.id })}
                        className="text-brand-700 hover:underline"
                      >
                        درخواست {toPersianDigits(String(a.id))}
                      </Link>
                      <StatusBadge kind="kyc" state={a.status} />
                      {a.submitted_at && <JalaliTime value={a.submitted_at} style="short" />}
                    </span>
                    {a.reason && <span className="block text-gray-600">دلیل: {a.reason}</span>}
                  </li>
                ))}
              </ul>
            </Card>
          )}
          {history && (
            <Card className="p-4">
              <h2 className="mb-3 font-bold text-gray-900">تاریخچه</h2>
              <ol className="grid gap-2 text-sm">
                {history.map((h) => (
                  <li key={`${h.at}-${h.event}-${h.actor}`} className="flex flex-wrap gap-x-2 text-gray-800">
                    <span className="font-medium">{h.event}</span>
                    <span className="text-gray-600">{h.actor}</span>
                    <JalaliTime value={h.at} style="datetime" className="text-gray-500" />
                    {h.reason && <span className="basis-full text-gray-600">دلیل: {h.reason}</span>}
                  </li>
                ))}
              </ol>
            </Card>
          )}
        </div>
      </div>

      <ReasonDialog
        open={rejecting}
        onClose={() => setRejecting(false)}
        title="رد درخواست احراز هویت"
        description="دلیل را روشن بنویسید؛ همین متن برای مشتری فرستاده می‌شود تا بداند چه چیزی را اصلاح کند."
        danger
        action={{ label: 'رد درخواست', busy: decide.processing, run: () => send('reject') }}
        reason={{ label: 'دلیل رد', ...decideField('reason') }}
      />

      <ReasonDialog
        open={overriding}
        onClose={() => setOverriding(false)}
        title="تأیید با وجود کد ملی تکراری"
        description={`این کد ملی برای حساب دیگری (${elsewhere}) تأیید شده است. دلیل تأیید این حساب را بنویسید؛ با نام شما در تاریخچه ثبت می‌شود.`}
        action={{ label: 'تأیید هویت', busy: decide.processing, run: () => send('approve', true) }}
        reason={{ label: 'دلیل تأیید', ...decideField('override_reason') }}
      />

      <ReasonDialog
        open={revoking}
        onClose={() => setRevoking(false)}
        title="لغو تأیید هویت"
        description="پس از لغو، مشتری تا تأیید دوباره نمی‌تواند سرور تازه بسازد یا روشن کند و اعتبار بیش از سقف بخرد."
        danger
        action={{
          label: 'لغو تأیید',
          busy: revoke.processing,
          run: () =>
            revoke.patch(route('admin.verify.revoke', { verification: id }), {
              preserveScroll: true,
              onSuccess: () => setRevoking(false),
            }),
        }}
        reason={{ label: 'دلیل لغو', ...revokeField('reason') }}
      />
    </Screen>
  );
}

/**
 * A decision that needs its reason written down (reject, approve despite a duplicate, revoke): the
 * question, the reason's box and the two buttons; `danger` for a step against the customer.
 */
function ReasonDialog({
  open,
  onClose,
  title,
  description,
  danger = false,
  action,
  reason,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description: string;
  danger?: boolean;
  action: { label: string; busy: boolean; run: () => void };
  reason: { label: string; name: string; value: string; onChange: (value: string) => void; error?: string };
}) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={title}
      description={description}
      tone={danger ? 'danger' : undefined}
      footer={
        <>
          <CancelButton variant="secondary" onClick={onClose} />
          <Button variant={danger ? 'danger' : undefined} onClick={action.run} disabled={action.busy}>
            {action.label}
          </Button>
        </>
      }
    >
      <TextAreaField rows={4} maxLength={500} {...reason} />
    </Modal>
  );
}
