export interface OwnActivityRow {
  id: number;
  event: string;
  label: string;
  /** What it was about, when that is one of the customer's machines: its name. */
  subject: string | null;
  /** Who: the customer themselves, staff (never by name), or the farm on its own. */
  by: 'you' | 'support' | 'system';
  ip: string | null;
  device: string | null;
  at: string;
}

/** `panel.activity.show` «گزارش فعالیت‌ها». */
export interface PanelActivityShowProps {
  entries: { data: OwnActivityRow[]; meta: { current_page: number; has_more: boolean } };
  /** Days are ISO (`2026-11-24`), whole days in Tehran. */
  filters: { group: string; from: string; to: string };
  groups: { value: string; label: string }[];
}

declare module '../../http/page-contracts' {
  interface PageContracts {
    'Panel/Activity/Show': PanelActivityShowProps;
  }
}
