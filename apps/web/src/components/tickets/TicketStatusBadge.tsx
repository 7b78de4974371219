import { Badge, type BadgeTone } from '../ui/Badge';

// Ticket states (DOMAIN.md, Ticket) as the customer reads them: whose turn it is.
const STATUS: Record<string, { label: string; tone: BadgeTone }> = {
  open: { label: 'باز', tone: 'blue' },
  answered: { label: 'پاسخ داده شد', tone: 'green' },
  customer_reply: { label: 'پاسخ شما', tone: 'yellow' },
  on_hold: { label: 'در انتظار', tone: 'gray' },
  closed: { label: 'بسته', tone: 'gray' },
};

const UNKNOWN = { label: 'نامشخص', tone: 'gray' as const };

/** A ticket's status in words. */
export function TicketStatusBadge({ status }: { status: string }) {
  const state = STATUS[status] ?? UNKNOWN;
  return <Badge tone={state.tone}>{state.label}</Badge>;
}
