import type { AppModule } from '../../../modules/app-module';
import { shortlistRoutes } from './routes';
import { createShortlist, type Shortlist } from './service';

declare module '../../../service-types' {
  interface Services {
    shortlist: Shortlist;
  }
}

/** The worked example of docs/development.md "How to add a module": a list page of rentable plans. */
export const shortlistModule: AppModule = {
  name: 'shortlist',
  routes: [shortlistRoutes],
  services: ({ db }) => ({ shortlist: createShortlist(db) }),
};
