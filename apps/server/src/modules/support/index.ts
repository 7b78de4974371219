import type { AppModule } from '../app-module';
import { supportApiRoutes } from './api-routes';
import { createOwnerTicketActions, type OwnerTicketActions } from './owner-actions';
import { panelTicketRoutes } from './panel-routes';
import { supportRoutes } from './routes';
import { seedDemoTickets } from './seed';
import { createSupportService, type SupportService } from './service';

declare module '../../service-types' {
  interface Services {
    support: SupportService;
    ticketActions: OwnerTicketActions;
  }
}

/** Help: tickets from the panel, the API and the public contact form, and staff mail. */
export const supportModule: AppModule = {
  name: 'support',
  routes: [supportApiRoutes, supportRoutes, panelTicketRoutes],
  services: ({ db, broadcaster, services, log }) => ({
    support: createSupportService({
      db,
      broadcaster,
      mailer: services.mailer,
      onDeliveryError: (error, what) => log.error({ err: error }, `support: ${what} failed`),
    }),
    ticketActions: createOwnerTicketActions({
      db,
      broadcaster,
      onPublishError: (error) => log.error({ err: error }, 'support: broadcast failed'),
    }),
  }),
  seed: seedDemoTickets,
};
export type { PanelTicketsEditProps, PanelTicketsListProps, PanelTicketsMakeProps } from './contracts';
