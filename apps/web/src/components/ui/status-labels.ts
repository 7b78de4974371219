import type { BadgeTone } from './Badge';

export interface StatusLabel {
  label: string;
  tone: BadgeTone;
}

/**
 * Every state of docs/domain.md in Persian: one label per state, the same for customers, care
 * and admins (a failed machine is «آماده‌سازی ناموفق» everywhere). Amber for states on their way,
 * red for failures, green for the good end, gray for rest.
 */
export const STATUS_LABELS = {
  /** A machine's life; only a ready machine has a meaningful power state. */
  instance: {
    pending: { label: 'در صف آماده‌سازی', tone: 'blue' },
    provisioning: { label: 'در حال آماده‌سازی', tone: 'blue' },
    provision_failed: { label: 'آماده‌سازی ناموفق', tone: 'red' },
    ready: { label: 'آماده', tone: 'green' },
    suspended: { label: 'معلق', tone: 'red' },
    deleting: { label: 'در حال حذف', tone: 'gray' },
    deletion_failed: { label: 'حذف ناتمام', tone: 'red' },
    deleted: { label: 'حذف شده', tone: 'gray' },
  },
  /** A ready machine's power. The changing states are amber: billed, but not usable yet (or any more). */
  power: {
    starting: { label: 'در حال روشن شدن', tone: 'yellow' },
    running: { label: 'روشن', tone: 'green' },
    stopping: { label: 'در حال خاموش شدن', tone: 'yellow' },
    stopped: { label: 'خاموش', tone: 'gray' },
  },
  /** Whose turn it is on a ticket. */
  ticket: {
    open: { label: 'باز', tone: 'blue' },
    answered: { label: 'پاسخ داده شد', tone: 'green' },
    // Neutral on purpose: the customer reads «waiting for support», staff read «your turn».
    customer_reply: { label: 'در انتظار پاسخ پشتیبانی', tone: 'yellow' },
    on_hold: { label: 'در انتظار', tone: 'gray' },
    closed: { label: 'بسته', tone: 'gray' },
  },
  /** An identity check; `pending` is the older name some props use for «sent, not yet decided». */
  kyc: {
    none: { label: 'احراز نشده', tone: 'gray' },
    draft: { label: 'پیش‌نویس', tone: 'gray' },
    pending: { label: 'در انتظار بررسی', tone: 'yellow' },
    submitted: { label: 'در انتظار بررسی', tone: 'yellow' },
    under_review: { label: 'در حال بررسی', tone: 'yellow' },
    approved: { label: 'احراز شده', tone: 'green' },
    rejected: { label: 'رد شده', tone: 'red' },
    revoked: { label: 'لغو شده', tone: 'red' },
  },
  invoice: {
    draft: { label: 'پیش‌نویس', tone: 'gray' },
    pending: { label: 'در انتظار پرداخت', tone: 'yellow' },
    paid: { label: 'پرداخت شده', tone: 'green' },
    cancelled: { label: 'لغو شده', tone: 'gray' },
    refunded: { label: 'بازپرداخت شده', tone: 'blue' },
  },
  payment: {
    created: { label: 'ساخته شده', tone: 'gray' },
    redirected: { label: 'در درگاه پرداخت', tone: 'yellow' },
    verifying: { label: 'در حال تأیید', tone: 'yellow' },
    paid: { label: 'پرداخت شده', tone: 'green' },
    failed: { label: 'ناموفق', tone: 'red' },
    canceled: { label: 'لغو شده', tone: 'gray' },
    expired: { label: 'منقضی شده', tone: 'gray' },
    review: { label: 'نیاز به بررسی', tone: 'red' },
  },
  drive: {
    available: { label: 'آماده', tone: 'green' },
    attached: { label: 'متصل به سرور', tone: 'blue' },
    suspended: { label: 'معلق', tone: 'red' },
    scheduled_deletion: { label: 'در صف حذف', tone: 'yellow' },
    deleted: { label: 'حذف شده', tone: 'gray' },
  },
  article: {
    draft: { label: 'پیش‌نویس', tone: 'gray' },
    scheduled: { label: 'زمان‌بندی شده', tone: 'blue' },
    published: { label: 'منتشر شده', tone: 'green' },
    unpublished: { label: 'از انتشار خارج شده', tone: 'gray' },
  },
  hardware: {
    draft: { label: 'پیش‌نویس', tone: 'gray' },
    active: { label: 'فعال', tone: 'green' },
    hidden: { label: 'پنهان', tone: 'yellow' },
    archived: { label: 'بایگانی', tone: 'gray' },
  },
  resource: {
    available: { label: 'آماده', tone: 'green' },
    allocated: { label: 'پر', tone: 'blue' },
    maintenance: { label: 'در تعمیر و نگهداری', tone: 'yellow' },
    offline: { label: 'قطع', tone: 'red' },
  },
  port: {
    free: { label: 'آزاد', tone: 'green' },
    reserved: { label: 'رزرو شده', tone: 'yellow' },
    bound: { label: 'متصل به سرور', tone: 'blue' },
    disabled: { label: 'غیرفعال', tone: 'gray' },
  },
  /** A render job's life (docs/render-jobs.md). */
  render_job: {
    checking: { label: 'در حال بررسی صحنه', tone: 'blue' },
    queued: { label: 'در صف رندر', tone: 'blue' },
    active: { label: 'در حال رندر', tone: 'yellow' },
    paused: { label: 'متوقف', tone: 'gray' },
    completed: { label: 'تمام شد', tone: 'green' },
    failed: { label: 'ناموفق', tone: 'red' },
    canceled: { label: 'لغو شد', tone: 'gray' },
  },
  /** A task (a chunk of frames) of a render job: the frame grid's colours. */
  render_task: {
    queued: { label: 'در صف', tone: 'gray' },
    active: { label: 'در حال رندر', tone: 'yellow' },
    completed: { label: 'رندر شد', tone: 'green' },
    failed: { label: 'ناموفق', tone: 'red' },
    canceled: { label: 'لغو شد', tone: 'gray' },
  },
  /** A render node as Admin/Nodes shows it. */
  render_node: {
    idle: { label: 'بیکار', tone: 'green' },
    busy: { label: 'در حال رندر', tone: 'yellow' },
    offline: { label: 'بی‌پاسخ', tone: 'red' },
    asleep: { label: 'در خواب', tone: 'gray' },
    disabled: { label: 'غیرفعال', tone: 'gray' },
  },
} as const satisfies Record<string, Record<string, StatusLabel>>;

export type StatusKind = keyof typeof STATUS_LABELS;

const UNKNOWN: StatusLabel = { label: 'نامشخص', tone: 'gray' };

/** The label of a state; an unknown one reads «نامشخص» rather than a raw code. */
export function statusLabel(kind: StatusKind, state: string): StatusLabel {
  return (STATUS_LABELS[kind] as Record<string, StatusLabel>)[state] ?? UNKNOWN;
}
