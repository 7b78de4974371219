import { ValidationError } from '@renderfarm/fastify';
import type { FastifyError, FastifyInstance } from 'fastify';
import { answerDomainError, DomainError, jsonError, SERVER_ERROR } from './domain-errors';

/** Fastify's body-parser refusals, answered in the API's own shape instead of an error page. */
const BODY_ERRORS: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'حجم بدنهٔ درخواست بیش از حد مجاز است.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'بدنهٔ درخواست JSON معتبری نیست.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'بدنهٔ درخواست خالی است؛ یک شیء JSON بفرستید.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'نوع محتوای درخواست پشتیبانی نمی‌شود؛ application/json بفرستید.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'طول بدنهٔ درخواست با سرآیند Content-Length نمی‌خواند.',
};

/**
 * Makes every error in an API plugin's scope answer JSON (`{message, code?, errors?}` in Persian),
 * never the app's HTML error page: domain errors through the one translation
 * (http/domain-errors.ts), invalid input 422 with its fields, a body that does not parse a 422 on
 * `body`, anything unexpected a logged 500.
 */
export function useJsonApiErrors(scope: FastifyInstance): void {
  scope.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof DomainError) return answerDomainError(error, request, reply);
    if (error instanceof ValidationError) return reply.code(422).send(jsonError(error));
    const body = error.code ? BODY_ERRORS[error.code] : undefined;
    if (body) return reply.code(422).send({ message: body, errors: { body } });
    request.log.error({ err: error }, 'API request failed');
    return reply.code(500).send({ message: SERVER_ERROR });
  });
}
