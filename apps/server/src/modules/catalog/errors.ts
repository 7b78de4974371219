import type { FastifyRequest } from 'fastify';
import { DomainError } from '../../lib/domain-error';

/**
 * A refusal in the catalog screens (Admin/Hardwares, Locations, Resources, Ports): shown under
 * `field` when it is about one input, else as the page's error. Persian, safe to show an admin.
 */
export class CatalogError extends DomainError {
  constructor(code: string, message: string, field?: string, status = 422) {
    super(code, message, { status, field });
  }
}

export class CatalogNotFoundError extends DomainError {
  constructor() {
    super('RF_CATALOG_NOT_FOUND', 'این مورد پیدا نشد؛ شاید حذف شده است.', { status: 404 });
  }
}

/** A record id from the route (`{hardware}`, `{port}`…): digits only, anything else is not found. */
export function catalogId(request: FastifyRequest, name: string): number {
  const raw = (request.params as Record<string, string | undefined>)[name] ?? '';
  if (!/^\d{1,9}$/.test(raw)) throw new CatalogNotFoundError();
  return Number(raw);
}
