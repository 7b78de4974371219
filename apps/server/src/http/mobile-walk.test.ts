import type { RegisteredRoute } from '@renderfarm/routes';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maskMobile } from '../lib/mobile';
import { createAuthTestApp, logIn, type TestBrowser } from '../modules/auth/test-support';
import { invoices } from '../modules/billing/tables';
import { drives } from '../modules/drives/tables';
import { instances } from '../modules/instances/tables';
import { tickets } from '../modules/support/tables';
import { users } from '../modules/users/tables';
import { verificationRequests } from '../modules/verification/tables';

/**
 * The mobile-number walk (lib/mobile.ts mobileAsSeenBy): every GET page of the registry, opened
 * as a customer, a care agent and an admin on the demo data, and every mobile number its props
 * carry checked against the one rule: on a staff desk (/care, /admin) a number is shown in full,
 * never masked; anywhere else a person sees only their own number in full, anyone else's masked.
 */
type T = Awaited<ReturnType<typeof createAuthTestApp>>;
type Role = 'customer' | 'care' | 'admin';
const EMAILS: Record<Role, string> = {
  customer: 'customer@renderfarm.test',
  care: 'care@renderfarm.test',
  admin: 'admin@renderfarm.test',
};
const STAFF_DESK = /^\/?(care|admin)(\/|$)/;
// Any Iranian mobile in any digits, whole or masked («0912***4567»), in the JSON of the props.
const FULL = /(?<![0-9۰-۹])[0۰][9۹][0-9۰-۹]{9}(?![0-9۰-۹])/g;
const MASKED = /[0۰][9۹][0-9۰-۹]{2}\*\*\*[0-9۰-۹]{4}/g;
const latin = (s: string) => s.replace(/[۰-۹]/g, (d) => String('۰۱۲۳۴۵۶۷۸۹'.indexOf(d)));

describe(`mobile numbers on every page (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: T;
  const own = new Map<Role, string | null>();
  const candidates = new Map<string, string[]>();

  beforeAll(async () => {
    t = await createAuthTestApp();
    const db = t.database.db;
    for (const role of Object.keys(EMAILS) as Role[]) {
      const [row] = await db.select().from(users).where(eq(users.email, EMAILS[role]));
      own.set(role, row?.mobile ?? null);
    }
    // Real records for route parameters: both ids and uuids, the first that answers is used.
    const machines = await db.select({ id: instances.id, uuid: instances.uuid }).from(instances).limit(4);
    const ticketRows = await db.select({ id: tickets.id, uuid: tickets.uuid }).from(tickets).limit(4);
    const invoiceRows = await db.select({ id: invoices.id, uuid: invoices.uuid }).from(invoices).limit(4);
    const driveRows = await db.select({ uuid: drives.uuid }).from(drives).limit(2);
    const reviews = await db.select({ id: verificationRequests.id }).from(verificationRequests).limit(3);
    const customers = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.role, 'customer'))
      .limit(3);
    const both = (rows: { id: number; uuid: string }[]) => rows.flatMap((r) => [r.uuid, String(r.id)]);
    candidates.set('instance', both(machines));
    candidates.set('ticket', both(ticketRows));
    candidates.set('invoice', both(invoiceRows));
    candidates.set(
      'drive',
      driveRows.map((r) => r.uuid),
    );
    candidates.set(
      'verification',
      reviews.map((r) => String(r.id)),
    );
    candidates.set(
      'user',
      customers.map((r) => String(r.id)),
    );
  }, 240_000);
  afterAll(() => t.close());

  const urlsOf = (route: RegisteredRoute): string[] => {
    const params = route.parameters;
    const fill = (pick: (name: string) => string) =>
      `/${route.uri === '/' ? '' : route.uri}`
        .replace(/\{(\w+)\??\}/g, (_, p: string) => pick(p))
        .replace(/\/$/, '') || '/';
    if (params.length === 0) return [fill(() => '')];
    const longest = Math.max(...params.map((p) => candidates.get(p)?.length ?? 1));
    return Array.from({ length: longest }, (_, i) => fill((p) => candidates.get(p)?.[i] ?? '1'));
  };

  it('shows numbers in full on staff desks, and elsewhere only a person’s own', async () => {
    const pages = t.app.routeList
      .all()
      .filter((r) => r.methods.includes('GET') && !['api', 'guest'].includes(String(r.meta.access)));
    const problems: string[] = [];
    let seen = 0;
    let withNumbers = 0;
    for (const role of Object.keys(EMAILS) as Role[]) {
      const browser: TestBrowser = await logIn(t, EMAILS[role]);
      await browser.post('/user/confirm-password', { password: 'password' });
      for (const route of pages) {
        for (const url of urlsOf(route)) {
          const res = await browser.request('GET', url);
          const json = /<script data-page="app" type="application\/json">(.*?)<\/script>/s.exec(
            res.body,
          )?.[1];
          if (res.statusCode !== 200 || !json) continue;
          seen++;
          const props = JSON.stringify(JSON.parse(json).props);
          const full = [...props.matchAll(FULL)].map((m) => latin(m[0]));
          const masked = [...props.matchAll(MASKED)].map((m) => latin(m[0]));
          if (full.length + masked.length > 0) withNumbers++;
          const where = `${route.name} as ${role} (${url})`;
          if (STAFF_DESK.test(route.uri)) {
            // A desk shows a customer's number in full; a masked one there is the old inconsistency.
            for (const m of masked)
              if (m !== maskMobile(own.get(role) ?? '')) problems.push(`${where}: masked ${m}`);
          } else {
            for (const m of full)
              if (m !== own.get(role)) problems.push(`${where}: someone else's ${m} in full`);
          }
          break;
        }
      }
    }
    expect(seen).toBeGreaterThan(100);
    expect(withNumbers, 'the walk saw pages with numbers on them').toBeGreaterThan(5);
    expect(problems).toEqual([]);
  }, 600_000);
});
