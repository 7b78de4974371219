import { Router } from './router';

/** The one router of the page, as `router` in @inertiajs/core. */
export const router = new Router();
