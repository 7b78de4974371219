import type { AppModule } from '../app-module';
import { contentRoutes } from './routes';
import { seedDemoContent } from './seed';
import { seoRoutes } from './seo-routes';

/** The public site's content: pages, posts, docs, menus and links; sitemap, robots, feeds. */
export const contentModule: AppModule = {
  name: 'content',
  routes: [contentRoutes, seoRoutes],
  seed: seedDemoContent,
};
