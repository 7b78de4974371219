import type { RouteRegistry } from '@renderfarm/routes';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { Cache } from '../lib/cache';
import { profilePhotoUrl } from '../modules/accounts/profile-photo';
import { publicSettings } from '../modules/catalog/service';
import { publicLinks, publicMenus } from '../modules/content/service';
import type { UserRole } from '../modules/users/queries';
import { toAuthUser } from '../modules/users/service';
import type { SharedProps } from './contracts';
import type { LazyProps } from './render';
import { mayUse } from './route-access';

/** Cache keys of the shared props; whoever changes what one holds invalidates it (lib/cache.ts). */
export const SHARED_CACHE_KEYS = {
  settings: 'shared:settings',
  menus: 'shared:menus',
  links: 'shared:links',
} as const;

/**
 * The props every page gets (docs/screens.md "Shared props"). Lazy: a partial reload that does
 * not ask for settings, menus or links runs none of their work, and a full page reads them from
 * the cache. The route list of a role is built once (routes are fixed once the app is ready).
 */
export function createSharedProps(deps: {
  config: Config;
  db: Database;
  registry: RouteRegistry;
  cache: Cache;
}) {
  const { config, db, registry, cache } = deps;
  const routesByRole = new Map<string, unknown>();
  const routesFor = (role: UserRole | null) => {
    const key = role ?? 'guest';
    if (!routesByRole.has(key))
      routesByRole.set(
        key,
        registry.toZiggy((r) => mayUse(r.meta.access as never, role)),
      );
    return routesByRole.get(key);
  };
  const realtime = {
    key: config.REVERB_APP_KEY,
    // Null: the browser connects to the host it loaded the page from.
    host: null,
    port: config.REVERB_PORT,
    scheme: new URL(config.APP_URL).protocol === 'https:' ? ('https' as const) : ('http' as const),
  };

  return (request: FastifyRequest): Omit<LazyProps<SharedProps>, 'flash'> => {
    const user = request.user;
    return {
      auth: {
        user: user
          ? // photo_url: beyond the screens list, for the avatar in every layout's header.
            { ...toAuthUser(user), photo_url: profilePhotoUrl(registry, user.photoPath) }
          : null,
      },
      routes: () => routesFor(user?.role ?? null),
      settings: () =>
        cache.get(SHARED_CACHE_KEYS.settings, () => publicSettings(db)) as Promise<SharedProps['settings']>,
      menus: () => cache.get(SHARED_CACHE_KEYS.menus, () => publicMenus(db)),
      links: () => cache.get(SHARED_CACHE_KEYS.links, () => publicLinks(db)) as Promise<SharedProps['links']>,
      unread_notifications: 0,
      recaptcha_site_key:
        config.CAPTCHA_PROVIDER === 'recaptcha' ? (config.RECAPTCHA_SITE_KEY ?? null) : null,
      captcha_provider: config.CAPTCHA_PROVIDER,
      // Signed-in users listen on `private-users.{id}`; the key is public by design (Pusher protocol).
      realtime: user ? realtime : null,
    };
  };
}
