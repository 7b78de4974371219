import type { AppModule } from '../app-module';
import { contentRoutes } from './routes';
import { seedDemoContent } from './seed';

/** The public site's content: pages, posts, docs, menus and links. */
export const contentModule: AppModule = {
  name: 'content',
  routes: [contentRoutes],
  seed: seedDemoContent,
};
