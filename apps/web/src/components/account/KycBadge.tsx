import { Badge } from '../ui/Badge';

const KYC: Record<string, { label: string; tone: 'gray' | 'yellow' | 'green' | 'red' }> = {
  none: { label: 'احراز نشده', tone: 'gray' },
  pending: { label: 'در انتظار بررسی', tone: 'yellow' },
  approved: { label: 'احراز شده', tone: 'green' },
  rejected: { label: 'رد شده', tone: 'red' },
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
