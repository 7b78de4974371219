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

declare module '../../http/page-contracts' {
  interface PageContracts {
    'Panel/Tickets/List': PanelTicketsListProps;
    'Panel/Tickets/Make': PanelTicketsMakeProps;
    'Panel/Tickets/Edit': PanelTicketsEditProps;
  }
}
