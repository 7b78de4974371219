import type { AppModule } from '../modules/app-module';
import { broadcastingModule } from './broadcasting/module';

/**
 * The platform pieces that bring routes or jobs to the app through the module shape: listed
 * first in `modules/index.ts`, before every domain module. The others (the jobs queue) only
 * offer their faces; their tables are read by drizzle-kit like the modules' (drizzle.config.ts).
 */
export const platformModules: readonly AppModule[] = [broadcastingModule];
