import type { AppModule } from '../app-module';
import { mobileAuthRoutes } from './mobile-routes';
import { createPasswordResetMailJobHandler, PASSWORD_RESET_MAIL_JOB } from './password-reset';
import { authRoutes } from './routes';

/** Signing in and out, registration, e-mail and mobile verification, password resets, remember-me. */
export const authModule: AppModule = {
  name: 'auth',
  routes: [authRoutes, mobileAuthRoutes],
  jobs: ({ services }) => ({
    [PASSWORD_RESET_MAIL_JOB]: createPasswordResetMailJobHandler(services.passwordReset),
  }),
};
