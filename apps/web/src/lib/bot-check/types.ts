import type { BotCheckAction } from './constants';

export type { AltchaChallenge } from '@server/modules/botcheck/contracts';

/** One bot-check service as a form sees it. */
export interface BotCheckClient {
  provider: 'altcha' | 'recaptcha' | 'none';
  /** Starts slow work early (loading a script, solving a challenge) so the submit is quick. */
  prepare(action: BotCheckAction): void;
  /** The token for one submit of the form named `action`; `null` when no check is configured. */
  execute(action: BotCheckAction): Promise<string | null>;
}
