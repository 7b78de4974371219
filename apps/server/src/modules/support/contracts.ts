import type { DeskArea, QueueRow, QueueTab, StaffTicket } from './desk';
import type { TicketSummary, TicketThread } from './service';

/** `panel.tickets.list` «تیکت‌ها». */
export interface PanelTicketsListProps {
  tickets: { data: TicketSummary[]; meta: { current_page: number; has_more: boolean } };
  filters: { status: string };
}

/** `panel.tickets.make` «تیکت جدید». */
export interface PanelTicketsMakeProps {
  departments: string[];
  machines: { uuid: string; name: string }[];
  /** `?instance=`: the machine the ticket is about, chosen in advance. */
  instance: string | null;
}

/** `panel.tickets.edit` «گفت‌وگو»: the thread (never an internal note), reply, close, rate. */
export interface PanelTicketsEditProps {
  ticket: TicketThread & { rating: number | null; machine_name: string | null };
}

/** How to reach the farm, from the site settings; a setting left empty is `null`. */
export interface ContactInfo {
  address: string | null;
  phone: string | null;
  email: string | null;
  hours: string | null;
}

/** A desk a contact message may go to. */
export interface DepartmentOption {
  value: string;
  label: string;
}

/** Public/Contact, the public contact form. */
export interface ContactProps {
  contact?: Partial<ContactInfo>;
  departments?: DepartmentOption[];
  /** The server's limits, so the counter and the server agree. */
  limits?: { subject: number; message: number };
  /** A signed-in visitor's name and e-mail (or mobile), so they do not type them again. */
  prefill?: { name: string; contact: string } | null;
}

declare module '../../http/page-contracts' {
  interface PageContracts {
    'Public/Contact': ContactProps;
    'Panel/Tickets/List': PanelTicketsListProps;
    'Panel/Tickets/Make': PanelTicketsMakeProps;
    'Panel/Tickets/Edit': PanelTicketsEditProps;
  }
}

export type { DeskArea, QueueRow, QueueTab, StaffTicket };

/** `care.tickets.list` «صف تیکت‌ها» and `admin.tickets.list` «تیکت‌ها» (+ spam, deleted). */
export interface StaffTicketsListProps {
  area: DeskArea;
  tickets: { data: QueueRow[]; meta: { current_page: number; has_more: boolean } };
  counts: Partial<Record<QueueTab, number>>;
  filters: {
    tab: QueueTab;
    department: string;
    status: string;
    priority: string;
    age: string;
    q: string;
  };
  departments: string[];
  /** The viewer, for «mine» and self-assign. */
  me: { id: number; name: string };
}

/** `care.tickets.make` «ثبت تیکت برای مشتری» (and admin's): a customer by search, then the ticket. */
export interface StaffTicketsMakeProps {
  area: DeskArea;
  departments: string[];
  /** The chosen customer (`?user=`), with their machines to link. */
  customer: { id: number; name: string; contact: string; machines: { uuid: string; name: string }[] } | null;
  /** Partial reload by `?q=`: customers whose name, e-mail or mobile matches. */
  user_options?: { id: number; name: string; contact: string }[];
  q: string;
}

export interface CustomerCard {
  id: number;
  name: string;
  email: string | null;
  mobile: string | null;
  /** Rial. */
  balance: number;
  kyc_status: string;
  status: string;
  open_tickets: number;
  machines: { uuid: string; name: string; status: string; power: string | null }[];
}

/** `care.tickets.edit` «پاسخ به تیکت» (and admin's, plus spam and delete). */
export interface StaffTicketsEditProps {
  area: DeskArea;
  ticket: StaffTicket;
  customer: CustomerCard | null;
  departments: string[];
  staff: { id: number; name: string }[];
  canned_replies: { id: number; title: string; body: string; department: string | null }[];
  me: { id: number; name: string };
}

declare module '../../http/page-contracts' {
  interface PageContracts {
    'Care/Tickets/List': StaffTicketsListProps;
    'Care/Tickets/Make': StaffTicketsMakeProps;
    'Care/Tickets/Edit': StaffTicketsEditProps;
    'Admin/Tickets/List': StaffTicketsListProps;
    'Admin/Tickets/Make': StaffTicketsMakeProps;
    'Admin/Tickets/Edit': StaffTicketsEditProps;
  }
}
