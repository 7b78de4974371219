/** A channel a notification can go out on. */
export type Channel = 'in_app' | 'email' | 'sms';
export type Channels = Record<Channel, boolean>;

interface EventRule {
  label: string;
  /** What a user who never chose gets. */
  defaults: Channels;
  /** Channels the user cannot turn off (money and security: a stopped machine must not surprise anyone). */
  mandatory: Partial<Channels>;
}

/**
 * Every kind of notification the farm sends (docs/screens.md Panel/Notifications/Edit), with its
 * defaults and the channels a user may not turn off.
 */
export const NOTIFICATION_EVENTS = {
  low_balance: {
    label: 'موجودی کم و تمام شدن اعتبار',
    defaults: { in_app: true, email: true, sms: true },
    mandatory: { in_app: true, email: true },
  },
  machine_stopped: {
    label: 'خاموش شدن یا جابه‌جایی سرور',
    defaults: { in_app: true, email: true, sms: false },
    mandatory: { in_app: true },
  },
  render_job: {
    label: 'پایان، شکست یا توقف رندرها',
    defaults: { in_app: true, email: true, sms: false },
    // A render paused for balance waits on the customer: the bell always says so.
    mandatory: { in_app: true },
  },
  ticket_answered: {
    label: 'پاسخ به تیکت',
    defaults: { in_app: true, email: true, sms: false },
    mandatory: {},
  },
  kyc_decided: {
    label: 'نتیجهٔ احراز هویت',
    defaults: { in_app: true, email: true, sms: true },
    mandatory: { in_app: true },
  },
  payment: {
    label: 'پرداخت‌ها',
    defaults: { in_app: true, email: true, sms: false },
    mandatory: { in_app: true },
  },
  invoice: {
    label: 'صورت‌حساب‌ها',
    defaults: { in_app: true, email: true, sms: false },
    mandatory: {},
  },
  news: {
    label: 'خبرها و تخفیف‌ها',
    defaults: { in_app: true, email: false, sms: false },
    mandatory: {},
  },
} satisfies Record<string, EventRule>;

export type NotificationEvent = keyof typeof NOTIFICATION_EVENTS;
export const NOTIFICATION_EVENT_NAMES = Object.keys(NOTIFICATION_EVENTS) as NotificationEvent[];

/** The channels an event goes out on for a user: their choice (or the defaults), mandatory ones forced on. */
export function channelsFor(event: NotificationEvent, chosen: Channels | undefined): Channels {
  const rule: EventRule = NOTIFICATION_EVENTS[event];
  const base = chosen ?? rule.defaults;
  return {
    in_app: rule.mandatory.in_app || base.in_app,
    email: rule.mandatory.email || base.email,
    sms: rule.mandatory.sms || base.sms,
  };
}
