import { useCallback, useEffect, useMemo, useState } from 'react';
import { usePage } from '../../app/protocol';
import { routeFrom } from '../route';
import { createBotCheck } from './client';
import { ALTCHA_CHALLENGE_ROUTE, type BotCheckAction } from './constants';
import { BotCheckError } from './errors';
import type { BotCheckClient } from './types';

// One client per configuration for the whole tab: the reCAPTCHA script loads once, and a token
// ALTCHA solved ahead for one form is not solved twice.
const clients = new Map<string, BotCheckClient>();

function clientFor(
  provider: string | null,
  siteKey: string | null,
  challengeUrl: string | null,
): BotCheckClient {
  const key = `${provider}|${siteKey}|${challengeUrl}`;
  let client = clients.get(key);
  if (!client) {
    client = createBotCheck({ provider, recaptchaSiteKey: siteKey, altchaChallengeUrl: challengeUrl });
    clients.set(key, client);
  }
  return client;
}

export interface BotCheck {
  provider: BotCheckClient['provider'];
  /** True while a token is being made (script loading, proof of work). */
  checking: boolean;
  /** Persian message when no token could be made. */
  error: string | null;
  /** The token for this submit (`null` without a provider), or `undefined` after a failure. */
  token(): Promise<string | null | undefined>;
}

/**
 * The bot check of one form, configured from the page: `recaptcha_site_key` (reCAPTCHA v3), the
 * ALTCHA challenge route in the route list (proof of work), or nothing.
 */
export function useBotCheck(action: BotCheckAction): BotCheck {
  const { props } = usePage<{ captcha_provider?: string | null }>();
  const siteKey = props.recaptcha_site_key ?? null;
  const provider = props.captcha_provider ?? null;
  const routes = props.routes;
  const client = useMemo(() => {
    const route = routeFrom(routes);
    const challengeUrl = route.has(ALTCHA_CHALLENGE_ROUTE) ? route(ALTCHA_CHALLENGE_ROUTE) : null;
    return clientFor(provider, siteKey, challengeUrl);
  }, [provider, siteKey, routes]);
  const [checking, setChecking] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => client.prepare(action), [client, action]);

  const token = useCallback(async () => {
    setChecking(true);
    setError(null);
    try {
      return await client.execute(action);
    } catch (failure) {
      setError(
        failure instanceof BotCheckError
          ? failure.message
          : 'بررسی امنیتی انجام نشد. صفحه را دوباره بارگذاری کنید و دوباره بفرستید.',
      );
      return undefined;
    } finally {
      setChecking(false);
    }
  }, [client, action]);

  return { provider: client.provider, checking, error, token };
}
