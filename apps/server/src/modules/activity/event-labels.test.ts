import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from '../../lib/import-graph';
import { legacySummary } from '../admin/audit-view';
import { PAYMENT_STATUSES } from '../billing/tables';
import { POWER_ACTIONS } from '../instances/state-machine';
import { ACTIVITY_GROUPS, activityLabel, hasActivityLabel } from './event-labels';

/**
 * The event registry: every activity event the server can write has a Persian label, so no page
 * (the customer's «گزارش فعالیت‌ها», Admin/Audit, a user's history) ever shows
 * «instance:password.revealed». The events are found in the source itself: the names given to
 * `event:` wherever an entry is written, and every literal of an event's shape in a known group.
 */
const SRC = join(import.meta.dirname, '../..');
// An event's shape; `instance:7` (a subject filter's example) is not one.
const EVENT = /^[a-z][a-z0-9_]*:(?!\d+$)[a-z0-9_]+(\.[a-z0-9_]+)*$/;
const QUOTED = /'([^'\\\n]*)'|"([^"\\\n]*)"|`([^`\\$\n]*)`/g;

/**
 * Events built from a template (`instance:power.${action}`): each is listed with every value it
 * can take. A new template fails the test until it is listed here with its values.
 */
const TEMPLATES: Record<string, string[]> = {
  'instance:power.${action}': POWER_ACTIONS.map((a) => `instance:power.${a}`),
  'billing:payment.${patch.status}': PAYMENT_STATUSES.map((s) => `billing:payment.${s}`),
  // A decision: approve or reject.
  'kyc:${status}': ['kyc:approved', 'kyc:rejected'],
};

/** Templates of an event's shape that are not events, with what they are. */
const NOT_EVENTS: Record<string, string> = {
  'admin:${actorId}': "a wallet line's reference to the admin who made it",
  'admin:${adminId}': "a wallet line's reference to the admin who made it",
  'render:${task.uuid}': "a render task's ledger key (its charge, posted once), not an event",
};

function scan() {
  const files = sourceFiles(SRC, (path) => /\.test\.tsx?$|test-support\.ts$|testing\//.test(path));
  const named = new Set<string>();
  const templates = new Set<string>();
  const literals = new Map<string, string>();
  const candidates = new Set<string>();
  for (const file of files) {
    const text = readFileSync(join(SRC, file), 'utf8');
    // `event: <expression>` up to the end of the property: every quoted name in it, and templates.
    for (const match of text.matchAll(/\bevent:\s*([^\n]+(?:\n\s*[?:][^\n]+)*)/g)) {
      const expression = match[1]!;
      for (const t of expression.matchAll(/`([a-z_]+:[^`]*\$\{[^`]*)`/g)) templates.add(t[1]!);
      for (const q of expression.matchAll(QUOTED)) {
        const value = q[1] ?? q[2] ?? q[3] ?? '';
        if (EVENT.test(value)) named.add(value);
      }
    }
    for (const q of text.matchAll(QUOTED)) {
      const value = q[1] ?? q[2] ?? q[3] ?? '';
      if (EVENT.test(value) && !literals.has(value)) literals.set(value, relative(SRC, join(SRC, file)));
    }
    // Templates passed on by position (`staffActivity(tx, \`kyc:${status}\`, …)`): of an event's shape.
    for (const t of text.matchAll(/`([a-z_]+:[^`\n]*\$\{[^`\n]*)`/g)) {
      if (EVENT.test(t[1]!.replace(/\$\{[^}]*\}/g, 'x'))) candidates.add(t[1]!);
    }
  }
  const groupsOfNamed = new Set([...named].map((e) => e.split(':')[0]!));
  for (const t of candidates) {
    if (groupsOfNamed.has(t.split(':')[0]!) && !Object.hasOwn(NOT_EVENTS, t)) templates.add(t);
  }
  // A literal of an event's shape in a group events are written in is an event (seed lists, filters).
  const groups = new Set([...named].map((e) => e.split(':')[0]!));
  for (const [value] of literals) if (groups.has(value.split(':')[0]!)) named.add(value);
  return { named, templates };
}

describe('activity event labels', () => {
  const { named, templates } = scan();

  it('finds the events the server writes', () => {
    expect(named.size).toBeGreaterThan(80);
    for (const known of ['auth:login', 'catalog:plan.created', 'content:article.published']) {
      expect(named.has(known), known).toBe(true);
    }
  });

  it('labels every event written anywhere in the source in Persian', () => {
    const missing = [...named].filter((event) => !hasActivityLabel(event)).sort();
    expect(missing, 'events without a Persian label in event-labels.ts').toEqual([]);
  });

  it('knows every event built from a template, and labels each value it can take', () => {
    expect([...templates].sort()).toEqual(Object.keys(TEMPLATES).sort());
    const missing = Object.values(TEMPLATES)
      .flat()
      .filter((event) => !hasActivityLabel(event));
    expect(missing).toEqual([]);
  });

  it('never shows an event name to a person, even one it does not know', () => {
    for (const event of ['instance:password.revealed', 'instance:something.new', 'nothing:at.all']) {
      const label = activityLabel(event);
      expect(label).not.toContain(':');
      expect(label).toMatch(/[\u0600-\u06FF]/);
    }
    expect(Object.keys(ACTIVITY_GROUPS).every((g) => /[\u0600-\u06FF]/.test(ACTIVITY_GROUPS[g]!))).toBe(true);
  });

  it('says every event in Admin/Audit without a raw key, JSON or a bare #id, also for entries without a summary', () => {
    // What older entries and plain activity entries carry: the legacy sentence reads these.
    const properties = {
      route: 'panel.tickets.store',
      method: 'POST',
      amount: 1_500_000,
      balance_after: 3_000_000,
      reason: 'درخواست مشتری',
      from: 'customer',
      to: 'care',
      role: 'customer',
      welcome_sms: true,
      fields: ['name', 'email'],
      changed: ['priority', 'assigneeId'],
      seconds: 240,
      key: 'vat_rate',
      old: 9,
      new: 10,
    };
    const events = [...named, ...Object.values(TEMPLATES).flat()];
    const raw = events.flatMap((event) => {
      const summary = legacySummary(event, properties);
      return /[a-z]+[._:][a-z]+|[{}[\]"]|#\d/i.test(summary) ? [`${event}: «${summary}»`] : [];
    });
    expect(raw).toEqual([]);
  });
});
