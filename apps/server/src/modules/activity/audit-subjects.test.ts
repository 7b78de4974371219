import { getTableColumns, type Table } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { INVOICE_KINDS, INVOICE_STATUSES, invoices, PAYMENT_STATUSES } from '../billing/tables';
import {
  CONFIG_TYPES,
  HARDWARE_STATUSES,
  hardwares,
  images,
  LIMITATION_KEYS,
  LIMITATION_SCOPES,
  limitations,
  locations,
  PORT_STATUSES,
  ports,
  resources,
} from '../catalog/tables';
import { ARTICLE_STATUSES, articles, folders, links, menus, pages, redirects } from '../content/tables';
import { INSTANCE_POWER_STATES, INSTANCE_STATUSES } from '../instances/tables';
import { TICKET_PRIORITIES, TICKET_STATUSES } from '../support/tables';
import { USER_ROLES } from '../users/tables';
import { VERIFICATION_STATUSES, VERIFICATION_TYPES, verificationRequests } from '../verification/tables';
import { AUDIT_SUBJECTS, auditField } from './audit-subjects';

/**
 * Every field that can appear in an audit entry has a Persian label. Services that write a whole
 * row (plans, articles, invoices…) can put any column of their table in before → after: each
 * column is labelled, or named here as never written (with why). Fields written from a pick
 * (a user's, a machine's, a ticket's) are checked by the audit walk (http/audit-walk.test.ts).
 */
const WHOLE_ROWS: Record<string, { table: Table; never?: Record<string, string> }> = {
  hardware: { table: hardwares },
  location: { table: locations },
  image: { table: images },
  resource: { table: resources },
  port: { table: ports },
  limitation: { table: limitations },
  article: { table: articles },
  folder: { table: folders },
  menu: { table: menus },
  link: { table: links },
  page: { table: pages },
  redirect: { table: redirects },
  verification: { table: verificationRequests },
  invoice: { table: invoices, never: { billTo: 'the buyer profile, shown on the invoice itself' } },
};
const BOOKKEEPING = new Set(['id', 'createdAt', 'updatedAt']);

/** Stored words (statuses, kinds) a field may hold: each has its Persian word. */
const WORDS: [string, string, readonly string[]][] = [
  ['hardware', 'status', HARDWARE_STATUSES],
  ['port', 'status', PORT_STATUSES],
  ['limitation', 'scope', LIMITATION_SCOPES],
  ['limitation', 'key', LIMITATION_KEYS],
  ['config', 'type', CONFIG_TYPES],
  ['article', 'status', ARTICLE_STATUSES],
  ['instance', 'status', INSTANCE_STATUSES],
  ['instance', 'power', INSTANCE_POWER_STATES],
  ['ticket', 'status', TICKET_STATUSES],
  ['ticket', 'priority', TICKET_PRIORITIES],
  ['user', 'role', USER_ROLES],
  ['verification', 'status', VERIFICATION_STATUSES],
  ['verification', 'type', VERIFICATION_TYPES],
  ['invoice', 'kind', INVOICE_KINDS],
  ['invoice', 'status', INVOICE_STATUSES],
  ['payment', 'status', PAYMENT_STATUSES],
];

const PERSIAN = /[\u0600-\u06FF]/;

describe('audit subjects and field labels', () => {
  it('labels every column of every table whose rows the audit keeps whole', () => {
    const missing: string[] = [];
    for (const [type, { table, never = {} }] of Object.entries(WHOLE_ROWS)) {
      for (const column of Object.keys(getTableColumns(table))) {
        if (BOOKKEEPING.has(column) || Object.hasOwn(never, column)) continue;
        if (!auditField(type, column)) missing.push(`${type}.${column}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('says every stored word in Persian', () => {
    const missing = WORDS.flatMap(([type, field, words]) =>
      words.filter((w) => !auditField(type, field)?.values?.[w]).map((w) => `${type}.${field}=${w}`),
    );
    expect(missing).toEqual([]);
  });

  it('names every subject and field in Persian', () => {
    for (const [type, subject] of Object.entries(AUDIT_SUBJECTS)) {
      expect(subject.label, type).toMatch(PERSIAN);
      for (const [field, spec] of Object.entries(subject.fields)) {
        expect(spec.label, `${type}.${field}`).toMatch(PERSIAN);
      }
    }
  });
});
