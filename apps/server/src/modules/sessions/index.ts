/**
 * The sessions module's public face: what other modules, the app and the worker may use of it.
 * Everything else in this folder is the module's own (module-boundaries.test.ts).
 */
export { refreshCurrentUser, registerCurrentUser } from './current-user';
export { onlineUsers } from './online';
export { endSessionsHolding, endUserSessions } from './queries';
export { DatabaseSessionStore } from './store';
