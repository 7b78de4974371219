import type { AppModule } from '../app-module';
import { drivesApiDescription } from './api-description';
import { driveApiRoutes } from './api-routes';
import { createDownloadLinks, type DownloadLinks } from './download-links';
import { driveDownloadRoutes } from './download-routes';
import { createDriveBillingJobHandler, DRIVE_BILLING_JOB, ensureDriveBilling } from './drive-billing';
import { drivesBlocker } from './drives-blocker';
import { panelDriveRoutes } from './panel-routes';
import { seedDemoDrives } from './seed';
import { createDriveService, type DriveService } from './service';
import { createDriveUploads, type DriveUploads, driveUploadRoutes } from './upload-routes';

declare module '../../service-types' {
  interface Services {
    drives: DriveService;
    driveUploads: DriveUploads;
    driveLinks: DownloadLinks;
  }
}

/** Drives: storage for scene files, tus uploads, signed range downloads, monthly billing, their API. */
export const drivesModule: AppModule = {
  name: 'drives',
  apiDescription: drivesApiDescription,
  routes: [panelDriveRoutes, driveUploadRoutes, driveDownloadRoutes, driveApiRoutes],
  services: ({ config, db, broadcaster, services, log }) => {
    const drives = createDriveService({
      db,
      storage: services.storage,
      broadcaster,
      onPublishError: (err) => log.warn({ err }, 'drive event not published'),
    });
    return {
      drives,
      driveUploads: createDriveUploads({
        storageDir: services.storageDir,
        service: drives,
        storage: services.storage,
        log,
      }),
      driveLinks: createDownloadLinks({ appKey: config.APP_KEY }),
    };
  },
  jobs: ({ db, broadcaster, services, log }) => ({
    [DRIVE_BILLING_JOB]: createDriveBillingJobHandler({
      db,
      broadcaster,
      storage: services.storage,
      log,
      expireUploads: services.driveUploads.expire,
    }),
  }),
  onWorkerStart: ensureDriveBilling,
  deleteBlockers: [drivesBlocker],
  seed: seedDemoDrives,
};
export type { PanelDrivesDownProps, PanelDrivesListProps, PanelDrivesShowProps } from './contracts';
