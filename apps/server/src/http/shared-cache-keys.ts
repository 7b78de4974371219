/**
 * Cache keys of what every page shares, named after the table each reads: whatever writes the
 * `configs`, `menus`, `links` or `pages` table calls `services.cache.forget(<table>)` (lib/cache).
 */
export const SHARED_CACHE_KEYS = {
  settings: 'configs:public',
  menus: 'menus',
  links: 'links',
  /** Campaign pages' runs: forgotten with every page save (`forget('pages')`). */
  campaigns: 'pages:campaigns',
} as const;
