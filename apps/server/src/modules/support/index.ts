/**
 * The support module's public face: what other modules, the app and the worker may use of it.
 * Everything else in this folder is the module's own (module-boundaries.test.ts).
 */
export type { NewAttachment } from './attachments';
export type { PanelTicketsEditProps, PanelTicketsListProps, PanelTicketsMakeProps } from './contracts';
export { openTicketCount, openTicketsOf, ticketQueues } from './queues';
export { contactSchema } from './validators';
