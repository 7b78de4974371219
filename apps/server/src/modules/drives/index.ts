/**
 * The drives module's public face: what other modules, the app and the worker may use of it.
 * Everything else in this folder is the module's own (module-boundaries.test.ts).
 */

export { parseRange } from './byte-range';
export type { PanelDrivesDownProps, PanelDrivesListProps, PanelDrivesShowProps } from './contracts';
export { DriveError } from './errors';
export { sendObjectRange } from './range-reply';
export { type Drive, type DriveEntry, type DriveService, driveObjectPrefix, GB } from './service';
