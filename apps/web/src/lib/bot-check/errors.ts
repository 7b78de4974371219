/** Why a bot-check token could not be made; the message is shown to the person as it is. */
export class BotCheckError extends Error {
  constructor(
    readonly code: 'WEB_ERR_BOTCHECK_LOAD' | 'WEB_ERR_BOTCHECK_CHALLENGE' | 'WEB_ERR_BOTCHECK_UNSOLVED',
    message: string,
  ) {
    super(message);
    this.name = 'BotCheckError';
  }
}

export const BOT_CHECK_LOAD_MESSAGE =
  'بررسی امنیتی بارگذاری نشد. اتصال اینترنت را بررسی کنید و دوباره بفرستید.';
export const BOT_CHECK_CHALLENGE_MESSAGE = 'دریافت بررسی امنیتی از سرور ممکن نشد. کمی بعد دوباره بفرستید.';
