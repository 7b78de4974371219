import type { AppModule } from '../app-module';
import { mobileAuthRoutes } from './mobile-routes';
import { authRoutes } from './routes';

/** Signing in and out, registration, e-mail and mobile verification, password resets, remember-me. */
export const authModule: AppModule = {
  name: 'auth',
  routes: [authRoutes, mobileAuthRoutes],
};
