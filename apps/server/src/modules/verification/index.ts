import type { AppModule } from '../app-module';
import { seedDemoVerification } from './seed';

/** Identity checks (KYC): requests, documents and their review. */
export const verificationModule: AppModule = {
  name: 'verification',
  seed: seedDemoVerification,
};
