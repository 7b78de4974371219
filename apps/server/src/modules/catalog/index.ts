/**
 * The catalog module's public face: what other modules, the app and the worker may use of it.
 * Everything else in this folder is the module's own (module-boundaries.test.ts).
 */

export { KNOWN_CONFIGS } from './config-rules';
export type { PlanSummary, SiteStats, SoftwareImage } from './contracts';
export { resolveLimit, withinLimit } from './limitations';
export {
  bindPort,
  findImage,
  findLocation,
  findPlan,
  findPort,
  freeSlots,
  type HostRefusal,
  type Image,
  imagesForPlan,
  type Location,
  moveTargets,
  orderingCatalog,
  type Plan,
  parkPort,
  releaseParkedPort,
  releasePort,
  reserveHostAndPort,
  reserveOnHost,
  soldOutPlaces,
} from './placement';
export { LIMIT_LABELS, mayUser } from './policy';
export { plansForRevit, rentablePlans } from './public-offer';
export {
  catalogStats,
  findHost,
  findHostByName,
  findImageByRef,
  firstFreePort,
  holdPort,
  listActiveImages,
  listActivePlans,
  listLocations,
  locationCapacity,
  placementDetails,
  planSummary,
  publicSettings,
  readConfig,
} from './service';
export { hardwares, images, locations, ports, resources } from './tables';
