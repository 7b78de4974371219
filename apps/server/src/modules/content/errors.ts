import { DomainError } from '../../lib/domain-error';

/** A refusal of the content screens: shown under `field` when it is about one input. */
export class ContentError extends DomainError {
  constructor(code: string, message: string, field?: string, status = 422) {
    super(code, message, { status, field });
  }
}

/** A page, post, folder or record that does not exist (or that this visitor may not see). */
export class ContentNotFoundError extends DomainError {
  constructor() {
    super('RF_CONTENT_NOT_FOUND', 'صفحه‌ای که دنبالش بودید پیدا نشد.', { status: 404 });
  }
}
