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
