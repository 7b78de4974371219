import { auditField } from './audit-subjects';

/** A record as the audit keeps it (staff-audit.ts's AuditRecord; not imported, to keep no cycle). */
type AuditRecord = Record<string, unknown>;

/**
 * How Admin/Audit names the record an entry is about, and where its page is. An entry about a
 * location or a plan used to read «دیتاسنتر #12»: the name is now taken from the record as the
 * write saw it (kept in the entry, so a later rename or a deletion does not change history), and
 * the subject links to the record's staff page when it has one.
 */
export interface SubjectNaming {
  /** The record's name from its row (before or after the write), or null when it has none. */
  name: (record: AuditRecord) => string | null;
  /** The staff page of one record: a named route and the parameter that takes the subject's id. */
  page?: { route: string; param: string };
}

const text = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value)
    ? String(value)
    : typeof value === 'string' && value.trim() !== ''
      ? value.trim()
      : null;
const field =
  (...names: string[]) =>
  (record: AuditRecord) => {
    for (const name of names) {
      const value = text(record[name]);
      if (value) return value;
    }
    return null;
  };

export const SUBJECT_NAMING: Record<string, SubjectNaming> = {
  hardware: { name: field('title', 'slug'), page: { route: 'admin.hardwares.edit', param: 'hardware' } },
  location: { name: field('name', 'code'), page: { route: 'admin.locations.edit', param: 'location' } },
  image: { name: field('name') },
  resource: { name: field('name'), page: { route: 'admin.resources.edit', param: 'resource' } },
  port: {
    name: (r) => (text(r.publicIp) && r.publicPort ? `${r.publicIp}:${r.publicPort}` : null),
  },
  limitation: {
    name: (r) =>
      typeof r.key === 'string' ? (auditField('limitation', 'key')?.values?.[r.key] ?? null) : null,
    page: { route: 'admin.limitations.edit', param: 'limitation' },
  },
  article: { name: field('title', 'slug'), page: { route: 'admin.articles.edit', param: 'article' } },
  folder: { name: field('name', 'slug'), page: { route: 'admin.folders.edit', param: 'folder' } },
  menu: { name: field('label'), page: { route: 'admin.menus.edit', param: 'menu' } },
  link: { name: field('label'), page: { route: 'admin.links.edit', param: 'link' } },
  page: { name: field('title', 'key') },
  redirect: { name: field('fromPath'), page: { route: 'admin.redirects.edit', param: 'redirect' } },
  upload: { name: field('url') },
  render_job: { name: field('name'), page: { route: 'admin.jobs.view', param: 'job' } },
  render_node: { name: field('name') },
  verification: {
    name: (r) =>
      text(r.companyName) ??
      (text(r.firstName) || text(r.lastName) ? `${r.firstName ?? ''} ${r.lastName ?? ''}`.trim() : null),
  },
  // An invoice is numbered when paid: before that it is named for what it is.
  invoice: {
    name: (r) =>
      text(r.number) ?? (r.status === 'draft' ? 'پیش‌نویس' : typeof r.status === 'string' ? 'بی‌شماره' : null),
    page: { route: 'admin.invoices.edit', param: 'invoice' },
  },
  payment: { name: field('refId') },
  instance: { name: field('name'), page: { route: 'admin.instances.view', param: 'instance' } },
  ticket: { name: field('subject') },
};

/** The subject's name as the write saw it: from the record after it, else before (a deletion). */
export function subjectNameOf(
  type: string,
  before: AuditRecord | null | undefined,
  after: AuditRecord | null | undefined,
): string | null {
  const naming = Object.hasOwn(SUBJECT_NAMING, type) ? SUBJECT_NAMING[type]! : undefined;
  if (!naming) return null;
  return (after && naming.name(after)) || (before && naming.name(before)) || null;
}

/** Where the record's staff page is, when it has one. */
export function subjectPageOf(type: string): SubjectNaming['page'] | undefined {
  return Object.hasOwn(SUBJECT_NAMING, type) ? SUBJECT_NAMING[type]!.page : undefined;
}
