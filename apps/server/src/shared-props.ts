import type { RouteRegistry } from '@renderfarm/routes';
import type { FastifyRequest } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/client';
import type { SharedProps } from './http/contracts';
import { impersonatorOf } from './http/impersonator';
import type { LazyProps } from './http/render';
import { mayUse } from './http/route-access';
import { SHARED_CACHE_KEYS } from './http/shared-cache-keys';
import type { SharedCache } from './lib/cache/shared-cache';
import { profilePhotoUrl } from './modules/accounts';
import { publicSettings } from './modules/catalog';
import {
  campaignWindows,
  contentNow,
  publicLinks,
  publicMenus,
  withoutClosedCampaigns,
} from './modules/content';
import { unreadCount } from './modules/notifications';
import { openJobCount } from './modules/render';
import type { UserRole } from './modules/users';
import { toAuthUser } from './modules/users';

export interface SharedPropsContext {
  config: Config;
  db: Database;
  registry: RouteRegistry;
  cache: SharedCache;
}

/**
 * The props every page carries (SCREENS.md §0), for the page plugin's `share`. Each one that costs
 * something is a function, which the plugin runs only when the response sends that prop: a
 * partial reload (a live refresh asking for `machines`) reads none of them. Settings, menus and
 * links come from the shared cache; the route list is built once per role and route version.
 * It gathers what several modules know (the account, the site's settings, menus, the bell), so it
 * is part of the composition root beside app.ts, not of http/.
 */
export function createSharedProps({ config, db, registry, cache }: SharedPropsContext) {
  const realtime = {
    key: config.REVERB_APP_KEY,
    // Null: the browser connects to the host it loaded the page from.
    host: null,
    port: config.REVERB_PORT,
    scheme: new URL(config.APP_URL).protocol === 'https:' ? ('https' as const) : ('http' as const),
  };
  const recaptchaSiteKey =
    config.CAPTCHA_PROVIDER === 'recaptcha' ? (config.RECAPTCHA_SITE_KEY ?? null) : null;
  const routeLists = new Map<string, { version: number; list: ReturnType<RouteRegistry['toZiggy']> }>();
  const routesFor = (role: UserRole | null) => {
    const key = role ?? 'guest';
    const built = routeLists.get(key);
    if (built && built.version === registry.version) return built.list;
    // `meta.unlisted`: links handed out by a page (a signed download), never built by the client.
    const list = registry.toZiggy((r) => mayUse(r.meta.access as never, role) && !r.meta.unlisted);
    routeLists.set(key, { version: registry.version, list });
    return list;
  };

  return (request: FastifyRequest): Omit<LazyProps<SharedProps>, 'flash'> => {
    const user = request.user;
    return {
      // Read when the page is sent: a handler may have refreshed the user (refreshCurrentUser).
      auth: () => ({
        user: request.user
          ? // photo_url: beyond SCREENS.md's list, for the avatar in every layout's header.
            { ...toAuthUser(request.user), photo_url: profilePhotoUrl(registry, request.user.photoPath) }
          : null,
      }),
      routes: () => routesFor(user?.role ?? null),
      settings: () =>
        cache.remember(SHARED_CACHE_KEYS.settings, () => publicSettings(db)) as Promise<
          SharedProps['settings']
        >,
      // Menus and links are cached as written; a campaign's item is left out when it is not running,
      // at the time of each page (a campaign ends at midnight, not when the cache next expires).
      menus: async () => {
        const [menus, campaigns] = await Promise.all([
          cache.remember(SHARED_CACHE_KEYS.menus, () => publicMenus(db)),
          cache.remember(SHARED_CACHE_KEYS.campaigns, () => campaignWindows(db)),
        ]);
        const now = contentNow();
        return {
          header: withoutClosedCampaigns(menus.header, campaigns, now),
          footer: withoutClosedCampaigns(menus.footer, campaigns, now),
        };
      },
      links: async () => {
        const [links, campaigns] = await Promise.all([
          cache.remember(SHARED_CACHE_KEYS.links, () => publicLinks(db)),
          cache.remember(SHARED_CACHE_KEYS.campaigns, () => campaignWindows(db)),
        ]);
        const now = contentNow();
        return {
          footer: withoutClosedCampaigns(links.footer, campaigns, now),
          social: withoutClosedCampaigns(links.social, campaigns, now),
        } as SharedProps['links'];
      },
      unread_notifications: () => (request.user ? unreadCount(db, request.user.id) : 0),
      // Only a customer has render jobs: staff pages spend no statement on it.
      open_jobs: () => (request.user?.role === 'customer' ? openJobCount(db, request.user.id) : 0),
      recaptcha_site_key: recaptchaSiteKey,
      captcha_provider: config.CAPTCHA_PROVIDER,
      // Signed-in users listen on `private-users.{id}`; the key is public by design (Pusher protocol).
      realtime: user ? realtime : null,
      // An admin signed in as this customer: every layout shows a banner with the way back.
      impersonation: () => {
        const impersonator = impersonatorOf(request);
        return impersonator ? { admin_name: impersonator.adminName, user_name: impersonator.userName } : null;
      },
    };
  };
}
