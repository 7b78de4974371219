import type { FastifyReply, FastifyRequest } from 'fastify';

/** The form error of a form sent over its route's size limit. */
export const FORM_TOO_LARGE =
  'آنچه فرستادید از اندازهٔ مجاز این فرم بزرگ‌تر است؛ متن را کوتاه‌تر کنید و دوباره بفرستید. نوشته‌هایتان در فرم مانده است.';

/**
 * A form the page client sent (X-Inertia) that was over its route's body limit: back to the same
 * page as a validation error of the form (the route's error field, else `form`), so the client
 * keeps what was typed and says why beside it, instead of a full «خطای ۴۱۳» page that loses it.
 * Returns false when the request is not such a form (a plain request gets the 413 page).
 */
export function answerOversizedForm(request: FastifyRequest, reply: FastifyReply): boolean {
  if (request.method === 'GET' || request.method === 'HEAD') return false;
  if (request.headers['x-inertia'] !== 'true' || !request.session) return false;
  const config = (request.routeOptions?.config ?? {}) as { errorField?: string; json?: boolean };
  if (config.json) return false;
  const errors = { [config.errorField ?? 'form']: FORM_TOO_LARGE };
  const bag = request.headers['x-inertia-error-bag'];
  request.session.flash('errors', typeof bag === 'string' && bag ? { [bag]: errors } : errors);
  request.log.info({ code: 'RF_FORM_TOO_LARGE' }, 'oversized form sent back as a form error');
  reply.back();
  return true;
}
