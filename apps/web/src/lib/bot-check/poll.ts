import { BOT_CHECK_LOAD_MESSAGE, BotCheckError } from './errors';

/**
 * Resolves with `check()`'s first truthy value, looking every `interval` ms (a script tag has no
 * reliable "ready" event across browsers and ad blockers). Rejects after `timeout` ms.
 */
export function pollUntil<T>(
  check: () => T | null | undefined | false,
  interval: number,
  timeout: number,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const look = () => {
      const value = check();
      if (value) return resolve(value);
      if (Date.now() - started >= timeout) {
        return reject(new BotCheckError('WEB_ERR_BOTCHECK_LOAD', BOT_CHECK_LOAD_MESSAGE));
      }
      setTimeout(look, interval);
    };
    look();
  });
}
