import type { FastifyRequest } from 'fastify';
import { DomainError } from '../../lib/domain-error';

/** Another user's invoice, a draft the customer may not see, or none at all: the same 404. */
export class InvoiceNotFoundError extends DomainError {
  constructor() {
    super('RF_INVOICE_NOT_FOUND', 'صورت‌حساب پیدا نشد.', { status: 404 });
  }
}

/**
 * Something the invoice's state or the rules refuse (a paid invoice edited, a wallet too short),
 * with a Persian message: beside `field` when it is about one input, else as `errors.action`,
 * which the invoice pages show above their buttons (a 404 still answers as a 404).
 */
export class InvoiceRefusedError extends DomainError {
  constructor(code: string, message: string, field = 'action', status = 422) {
    super(code, message, { status, field });
  }
}

/** `{invoice}` of a panel URL: a uuid, else the invoice is not found. */
export function invoiceUuid(request: FastifyRequest): string {
  const raw = (request.params as { invoice?: string }).invoice ?? '';
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(raw)) {
    throw new InvoiceNotFoundError();
  }
  return raw.toLowerCase();
}

/** `{invoice}` of an admin URL: a positive id, else the invoice is not found. */
export function invoiceId(request: FastifyRequest): number {
  const raw = (request.params as { invoice?: string }).invoice ?? '';
  if (!/^\d{1,9}$/.test(raw)) throw new InvoiceNotFoundError();
  return Number(raw);
}
