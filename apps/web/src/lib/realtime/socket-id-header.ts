import { router } from '@renderfarm/react';
import { currentSocketId } from './realtime-client';

let installed = false;

/**
 * Adds `X-Socket-ID` to every page visit while a realtime connection is open, so the server can
 * leave this tab out of the broadcast its own action causes (Echo's `toOthers()`).
 */
export function installSocketIdHeader(): void {
  if (installed) return;
  installed = true;
  router.on('before', (event) => {
    const id = currentSocketId();
    if (id) event.detail.visit.headers['X-Socket-ID'] = id;
  });
}
