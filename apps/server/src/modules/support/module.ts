import type { AppModule } from '../app-module';
import { supportApiDescription } from './api-description';
import { supportApiRoutes } from './api-routes';
import { ticketAttachmentRoutes } from './attachment-routes';
import { AUTO_CLOSE_JOB, createAutoCloseJobHandler, ensureAutoClose } from './auto-close';
import { ticketChannels } from './channels';
import { createTicketDesk, type TicketDesk } from './desk';
import { deskRoutes } from './desk-routes';
import { createOwnerTicketActions, type OwnerTicketActions } from './owner-actions';
import { panelTicketRoutes } from './panel-routes';
import { supportRoutes } from './routes';
import { seedDemoTickets } from './seed';
import { createSupportService, type SupportService } from './service';
import { ticketTestingRoutes } from './testing-routes';

declare module '../../service-types' {
  interface Services {
    support: SupportService;
    ticketActions: OwnerTicketActions;
    ticketDesk: TicketDesk;
  }
}

/** Help: tickets from the panel, the API and the public contact form, and staff mail. */
export const supportModule: AppModule = {
  name: 'support',
  apiDescription: supportApiDescription,
  routes: [
    supportApiRoutes,
    supportRoutes,
    panelTicketRoutes,
    ticketAttachmentRoutes,
    deskRoutes('care'),
    deskRoutes('admin'),
    ticketTestingRoutes,
  ],
  services: ({ db, broadcaster, services, log, config }) => ({
    support: createSupportService({
      db,
      broadcaster,
      mailer: services.mailer,
      storage: services.storage,
      appUrl: config.APP_URL,
      onDeliveryError: (error, what) => log.error({ err: error }, `support: ${what} failed`),
    }),
    ticketActions: createOwnerTicketActions({
      db,
      broadcaster,
      storage: services.storage,
      onPublishError: (error) => log.error({ err: error }, 'support: broadcast failed'),
    }),
    ticketDesk: createTicketDesk({
      db,
      broadcaster,
      storage: services.storage,
      mailer: services.mailer,
      onPublishError: (error) => log.error({ err: error }, 'support: broadcast failed'),
      onMailError: (error) => log.error({ err: error }, 'support: mail to a guest failed'),
    }),
  }),
  jobs: ({ db, broadcaster, log }) => ({
    [AUTO_CLOSE_JOB]: createAutoCloseJobHandler({ db, broadcaster, log }),
  }),
  // Answered tickets the customer left alone are closed; the job queues itself from then on.
  onWorkerStart: (db) => ensureAutoClose(db),
  channels: ticketChannels,
  seed: seedDemoTickets,
};
export type { PanelTicketsEditProps, PanelTicketsListProps, PanelTicketsMakeProps } from './contracts';
