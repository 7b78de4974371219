import type { AppModule } from '../app-module';
import { botCheckRoutes } from './routes';

/** The bot check of public forms (ALTCHA by default, reCAPTCHA or none): its challenge endpoint. */
export const botCheckModule: AppModule = {
  name: 'botcheck',
  routes: [botCheckRoutes],
};
