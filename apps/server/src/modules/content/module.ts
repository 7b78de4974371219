import type { AppModule } from '../app-module';
import { type ContentAdmin, createContentAdmin, PUBLISH_JOB } from './admin-content';
import { adminContentRoutes } from './admin-content-routes';
import { adminRedirectRoutes } from './admin-redirect-routes';
import { careerRoutes } from './career-routes';
import { redirectHook } from './redirect-hook';
import { createRedirects, type Redirector } from './redirects';
import { contentRoutes } from './routes';
import { seedDemoContent } from './seed';
import { seoRoutes } from './seo-routes';
import { contentTestingRoutes } from './testing-routes';
import { contentUploadRoutes } from './upload-routes';

declare module '../../service-types' {
  interface Services {
    /** Admin/Redirects and the before-routing lookup with its hit buffer. */
    redirects: Redirector;
    /** The content screens' writes (articles, folders, static pages, menus, links). */
    contentAdmin: ContentAdmin;
  }
}

/** The public site's content: pages, posts, docs, menus and links; redirects, sitemap, robots, feeds. */
export const contentModule: AppModule = {
  name: 'content',
  // The redirect hook first, so it is in place before the other routes of the module.
  routes: [
    redirectHook,
    contentRoutes,
    seoRoutes,
    adminRedirectRoutes,
    adminContentRoutes,
    contentUploadRoutes,
    careerRoutes,
    contentTestingRoutes,
  ],
  services: ({ db, services, config }) => {
    const redirects = createRedirects({ db, cache: services.cache, appUrl: config.APP_URL });
    return {
      redirects,
      contentAdmin: createContentAdmin({ db, cache: services.cache, redirects, appUrl: config.APP_URL }),
    };
  },
  jobs: ({ services }) => ({
    // A scheduled article goes live when its job comes due (queued at its publish time on save).
    [PUBLISH_JOB]: async (job) => {
      const articleId = Number((job.payload as { articleId?: unknown }).articleId);
      if (Number.isInteger(articleId)) await services.contentAdmin.publishDue(articleId, job.runAt);
    },
  }),
  seed: seedDemoContent,
};
