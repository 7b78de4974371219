/**
 * Cache keys of what every page shares, named after the table each reads: whatever writes the
 * `configs`, `menus` or `links` table calls `services.cache.forget(<table>)` (lib/cache).
 */
export const SHARED_CACHE_KEYS = {
  settings: 'configs:public',
  menus: 'menus',
  links: 'links',
} as const;
