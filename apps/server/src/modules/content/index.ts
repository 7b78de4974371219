/**
 * The content module's public face: what other modules, the app and the worker may use of it.
 * Everything else in this folder is the module's own (module-boundaries.test.ts).
 */

export { withoutClosedCampaigns } from './campaign-window';
export { contentNow } from './clock';
export type { PostSummary } from './contracts';
export { campaignWindows, latestPosts, publicLinks, publicMenus } from './service';
