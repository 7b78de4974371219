import { Badge } from '../ui/Badge';

// Every state of a verification request (DOMAIN.md, Verification); `pending` is the older name
// some props still use for «sent, not yet decided».
const KYC: Record<string, { label: string; tone: 'gray' | 'yellow' | 'green' | 'red' }> = {
  none: { label: 'احراز نشده', tone: 'gray' },
  draft: { label: 'پیش‌نویس', tone: 'gray' },
  pending: { label: 'در انتظار بررسی', tone: 'yellow' },
  submitted: { label: 'در انتظار بررسی', tone: 'yellow' },
  under_review: { label: 'در حال بررسی', tone: 'yellow' },
  approved: { label: 'احراز شده', tone: 'green' },
  rejected: { label: 'رد شده', tone: 'red' },
  revoked: { label: 'لغو شده', tone: 'red' },
};

/** The identity-verification state as a badge with words. */
export function KycBadge({ status }: { status: string }) {
  const kyc = KYC[status] ?? KYC.none!;
  return (
    <Badge tone={kyc.tone} dot>
      {kyc.label}
    </Badge>
  );
}
