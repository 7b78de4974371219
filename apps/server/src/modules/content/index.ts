import type { AppModule } from '../app-module';
import { adminRedirectRoutes } from './admin-redirect-routes';
import { redirectHook } from './redirect-hook';
import { createRedirects, type Redirector } from './redirects';
import { contentRoutes } from './routes';
import { seedDemoContent } from './seed';
import { seoRoutes } from './seo-routes';

declare module '../../service-types' {
  interface Services {
    /** Admin/Redirects and the before-routing lookup with its hit buffer. */
    redirects: Redirector;
  }
}

/** The public site's content: pages, posts, docs, menus and links; redirects, sitemap, robots, feeds. */
export const contentModule: AppModule = {
  name: 'content',
  // The redirect hook first, so it is in place before the other routes of the module.
  routes: [redirectHook, contentRoutes, seoRoutes, adminRedirectRoutes],
  services: ({ db, services, config }) => ({
    redirects: createRedirects({ db, cache: services.cache, appUrl: config.APP_URL }),
  }),
  seed: seedDemoContent,
};
