import type { Channels, NotificationEvent } from './notification-events';

export interface NotificationRow {
  id: number;
  event: string;
  title: string;
  body: string;
  url: string | null;
  read: boolean;
  created_at: string;
}

/** `panel.notifications.list` «اعلان‌ها». */
export interface PanelNotificationsListProps {
  notifications: { data: NotificationRow[]; meta: { current_page: number; has_more: boolean } };
  filters: { unread: boolean };
  unread: number;
}

/** `panel.notifications.edit` «تنظیمات اعلان‌ها»: each event × channel, mandatory ones locked. */
export interface PanelNotificationsEditProps {
  events: {
    event: NotificationEvent;
    label: string;
    channels: Channels;
    locked: Partial<Channels>;
  }[];
  /** Whether SMS can reach the user (a verified mobile), so the column can say why it would not. */
  sms_ready: boolean;
  email_ready: boolean;
}

declare module '../../http/page-contracts' {
  interface PageContracts {
    'Panel/Notifications/List': PanelNotificationsListProps;
    'Panel/Notifications/Edit': PanelNotificationsEditProps;
  }
}
