/** Delay between two looks at whether the bot-check script is ready (docs/protocol.md, "Constants"). */
export const BOT_CHECK_POLL_MS = 25;

/** How long a form waits for the bot-check script before telling the person it did not load. */
export const BOT_CHECK_LOAD_TIMEOUT_MS = 15_000;

/** The field every protected form sends its token in (read by the server's `assertHuman`). */
export const CAPTCHA_FIELD = 'captcha_token';

/**
 * The server's route that hands out ALTCHA challenges. Not named in docs/screens.md: the server's
 * botcheck module decides it; this is the one place to change it.
 */
export const ALTCHA_CHALLENGE_ROUTE = 'botcheck.challenge';

/** The forms that carry a token, each under its own action name (docs/protocol.md, "Bot check"). */
export type BotCheckAction =
  | 'login'
  | 'register'
  | 'contact'
  | 'forgot_password'
  | 'signin'
  | 'signup'
  | 'ticket';
