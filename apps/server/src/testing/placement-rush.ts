import { performance } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import { createAuthTestApp, TestBrowser } from '../modules/auth/test-support';
import { hardwares, images, limitations, locations, ports, resources } from '../modules/catalog/tables';
import { instances } from '../modules/instances/tables';
import { users } from '../modules/users/tables';

export interface RushOptions {
  customers: number;
  hosts: number;
  ports: number;
}

export interface RushOutcome {
  placed: number;
  machines: number;
  /** Refused with the Persian "no capacity" error under `location`. */
  toldNoCapacity: number;
  refused: number;
  hostsGivenTwice: number;
  portsGivenTwice: number;
  /** Mean wall time per request, all sent at once. */
  makeMs: number;
  visitMs: number;
}

/**
 * Placement under a rush (issue 11): `customers` customers press «اجاره» at the same moment for a
 * plan served by `hosts` one-machine hosts with `ports` public ports (the first hosts get two).
 * Every Make is a real `panel.instances.store` request (session, CSRF, validation, the one
 * transaction with row locks). Used by a test (small) and by `pnpm bench` (100 customers).
 */
export async function placementRush(options: RushOptions): Promise<RushOutcome> {
  const t = await createAuthTestApp({ INSTANCE_SIMULATED_LATENCY_MS: '0', LOG_LEVEL: 'silent' });
  const db = t.database.db;
  try {
    const [location] = await db
      .insert(locations)
      .values({ code: 'rush1', name: 'دیتاسنتر آزمون', city: 'تهران' })
      .returning();
    const [plan] = await db
      .insert(hardwares)
      .values({
        title: 'پلن آزمون',
        slug: 'rush-gpu',
        gpuModel: 'RTX 4090',
        gpuCount: 1,
        vramGb: 24,
        cpuModel: 'Ryzen',
        cpuCores: 16,
        ramGb: 64,
        diskGb: 512,
        pricePerHour: 500_000,
        status: 'active',
      })
      .returning();
    const [image] = await db.select().from(images).limit(1);
    const hosts = await db
      .insert(resources)
      .values(
        Array.from({ length: options.hosts }, (_, i) => ({
          locationId: location!.id,
          hardwareId: plan!.id,
          name: `rush-host-${i}`,
          address: `10.99.0.${i + 1}`,
          capacity: 1,
          status: 'available' as const,
        })),
      )
      .returning({ id: resources.id });
    await db.insert(ports).values(
      Array.from({ length: options.ports }, (_, i) => ({
        resourceId: hosts[i % options.hosts]!.id,
        publicIp: '198.51.100.7',
        publicPort: 41_000 + i,
      })),
    );
    await db.delete(limitations);

    const browsers: TestBrowser[] = [];
    for (let i = 0; i < options.customers; i++) {
      await db.insert(users).values({
        name: `مشتری آزمون ${i}`,
        email: `rush${i}@example.test`,
        emailVerifiedAt: new Date(),
        kycStatus: 'approved',
        balance: 10_000_000,
      });
      const browser = new TestBrowser(t, { ip: `10.77.${Math.floor(i / 200)}.${i % 200}` });
      await browser.request('GET', '/login');
      await browser.request('POST', '/__testing/sign-in', { email: `rush${i}@example.test` });
      await browser.request('GET', '/panel/instances');
      browsers.push(browser);
    }

    // Baseline: one plain page visit per customer, all at once.
    const visitStart = performance.now();
    await Promise.all(browsers.map((b) => b.request('GET', '/panel/instances')));
    const visitMs = (performance.now() - visitStart) / options.customers;

    const makeStart = performance.now();
    const answers = await Promise.all(
      browsers.map((b, i) =>
        b.request(
          'POST',
          '/panel/instances',
          {
            hardware: 'rush-gpu',
            location: 'rush1',
            image: image!.id,
            name: `سرور آزمون ${i}`,
            idempotency_key: `rush-make-key-${String(i).padStart(6, '0')}`,
          },
          { referer: '/panel/instances/create' },
        ),
      ),
    );
    const makeMs = (performance.now() - makeStart) / options.customers;

    const placed = answers.filter((a) =>
      /^\/panel\/instances\/[0-9a-f-]{36}$/.test(String(a.headers.location)),
    );
    const machines = await db.select().from(instances).where(eq(instances.hardwareId, plan!.id));
    const hostIds = machines.map((m) => m.resourceId);
    const portIds = machines.map((m) => m.portId);
    let told = 0;
    for (const [i, answer] of answers.entries()) {
      if (placed.includes(answer)) continue;
      const errors = await browsers[i]!.errorsOn('/panel/instances/create');
      if (/سرور آزادی/.test(errors.location ?? '')) told++;
    }
    return {
      placed: placed.length,
      machines: machines.length,
      toldNoCapacity: told,
      refused: answers.length - placed.length,
      hostsGivenTwice: hostIds.length - new Set(hostIds).size,
      portsGivenTwice: portIds.length - new Set(portIds).size,
      makeMs,
      visitMs,
    };
  } finally {
    await t.close();
  }
}
