import { solveAltcha } from './altcha-solver';
import type { BotCheckAction } from './constants';
import { BOT_CHECK_CHALLENGE_MESSAGE, BotCheckError } from './errors';
import type { AltchaChallenge, BotCheckClient } from './types';

/**
 * A solved token is good until its challenge expires (10 minutes on the server); one prepared
 * longer ago than this is thrown away rather than risk an «expired» answer.
 */
export const ALTCHA_PREPARED_MAX_AGE_MS = 5 * 60_000;

type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

function isChallenge(value: unknown): value is AltchaChallenge {
  const c = value as AltchaChallenge | null;
  return (
    !!c &&
    c.algorithm === 'SHA-256' &&
    typeof c.challenge === 'string' &&
    typeof c.salt === 'string' &&
    typeof c.signature === 'string' &&
    Number.isSafeInteger(c.maxnumber)
  );
}

/**
 * Self-hosted proof of work (ALTCHA): fetches a challenge bound to the form's action from our own
 * server and solves it in the page. Each token is accepted once, so every submit needs a fresh
 * one; `prepare` solves the next one ahead while the person is typing.
 */
export function createAltchaClient(
  challengeUrl: string,
  fetchImpl: Fetch = (...args) => fetch(...args),
): BotCheckClient {
  const prepared = new Map<BotCheckAction, { at: number; token: Promise<string | null> }>();
  // Set by the first 404: the server does not use ALTCHA, so stop asking for challenges.
  let off = false;

  async function solveFresh(action: BotCheckAction): Promise<string | null> {
    const url = new URL(challengeUrl, window.location.href);
    url.searchParams.set('action', action);
    let challenge: unknown;
    try {
      const response = await fetchImpl(url.toString(), {
        headers: { Accept: 'application/json' },
        credentials: 'same-origin',
      });
      // The route is always listed; it answers 404 when the server checks with another provider
      // or none (CAPTCHA_PROVIDER=none in tests): then the form goes without a token.
      if (response.status === 404) {
        off = true;
        return null;
      }
      if (!response.ok) throw new Error(`challenge answered ${response.status}`);
      challenge = await response.json();
    } catch {
      throw new BotCheckError('WEB_ERR_BOTCHECK_CHALLENGE', BOT_CHECK_CHALLENGE_MESSAGE);
    }
    if (!isChallenge(challenge))
      throw new BotCheckError('WEB_ERR_BOTCHECK_CHALLENGE', BOT_CHECK_CHALLENGE_MESSAGE);
    return solveAltcha(challenge);
  }

  function prepare(action: BotCheckAction) {
    if (off) return;
    const token = solveFresh(action);
    // An early failure is not the person's problem yet: execute() tries again on submit.
    token.catch(() => prepared.delete(action));
    prepared.set(action, { at: Date.now(), token });
  }

  return {
    provider: 'altcha',
    prepare: (action) => {
      if (!prepared.has(action)) prepare(action);
    },
    async execute(action) {
      if (off) return null;
      const ready = prepared.get(action);
      prepared.delete(action);
      const fresh = ready && Date.now() - ready.at < ALTCHA_PREPARED_MAX_AGE_MS;
      const token = fresh ? await ready.token.catch(() => solveFresh(action)) : await solveFresh(action);
      // The next submit (after a wrong password, say) needs its own token.
      prepare(action);
      return token;
    },
  };
}
