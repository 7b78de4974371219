import { DomainError } from './domain-error';

/**
 * A service the request needs (Redis for rate limits) does not answer: the person reads a Persian
 * 503 and tries again later, instead of a bare 500, and the logs keep the cause.
 */
export class ServiceUnavailableError extends DomainError {
  constructor(cause?: unknown) {
    super('RF_SERVICE_UNAVAILABLE', 'این بخش موقتاً در دسترس نیست؛ چند دقیقه دیگر دوباره تلاش کنید.', {
      status: 503,
      cause,
    });
  }
}
