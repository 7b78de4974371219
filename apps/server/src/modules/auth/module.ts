import type { AppModule } from '../app-module';
import { mobileAuthRoutes } from './mobile-routes';
import { createPasswordResetMailJobHandler, PASSWORD_RESET_MAIL_JOB } from './password-reset';
import { authRoutes } from './routes';
import { createSignupAttemptMailJobHandler, SIGNUP_ATTEMPT_MAIL_JOB } from './signup-attempts';

/** Signing in and out, registration, e-mail and mobile verification, password resets, remember-me. */
export const authModule: AppModule = {
  name: 'auth',
  routes: [authRoutes, mobileAuthRoutes],
  jobs: ({ services, db, config }) => ({
    [PASSWORD_RESET_MAIL_JOB]: createPasswordResetMailJobHandler(services.passwordReset),
    [SIGNUP_ATTEMPT_MAIL_JOB]: createSignupAttemptMailJobHandler({
      db,
      mailer: services.mailer,
      limiter: services.limiter,
      appUrl: config.APP_URL,
    }),
  }),
};
