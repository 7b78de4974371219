/** Socket ids are `\d+.\d+` (pusher-http-node and pusher-php-server reject anything else). */
import { randomInt } from 'node:crypto';

export const SOCKET_ID_RE = /^\d+\.\d+$/;

export function generateSocketId(): string {
  return `${randomInt(1, 1_000_000_000)}.${randomInt(1, 1_000_000_000)}`;
}
