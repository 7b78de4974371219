import type { AppModule } from '../app-module';

/** The durable job queue and its worker (docs/decisions/0006-job-queue.md). */
export const jobsModule: AppModule = { name: 'jobs' };
