import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkModuleRules } from '../lib/module-rules';
import { createTestApp, guestBrowser, signedInBrowser, type TestApp } from '../testing/app';
import { shortlistModule } from '../testing/example-module/shortlist/module';
import { modules } from '.';

const SRC = join(import.meta.dirname, '..');

/**
 * docs/development.md "How to add a module", worked: a module with one list page (its folder:
 * module.ts, index.ts, contracts, routes, a service using another module's face) is added to the
 * list with one entry, and everything else follows from its module object: its services, its
 * route in each role's route list, the guards its declaration asks for, the module rules.
 */
describe('adding a module', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ modules: [...modules, shortlistModule] });
  });
  afterAll(() => t.close());

  it('serves its list page to customers, behind the guard its declaration names', async () => {
    const customer = await signedInBrowser(t, 'customer@renderfarm.test');
    const res = await t.app.inject({ method: 'GET', url: '/panel/shortlist', headers: customer.headers() });
    const page = JSON.parse(
      /<script data-page="app" type="application\/json">(.*?)<\/script>/s.exec(res.body)![1]!,
    );
    expect(page.component).toBe('Panel/Shortlist/List');
    const prices = page.props.plans.map((p: { price_per_hour: number }) => p.price_per_hour);
    expect(prices.length).toBeGreaterThan(0);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    // Its route is in the customer's route list, not in a guest's.
    expect(page.props.routes.routes).toHaveProperty(['panel.shortlist']);
    const guest = await guestBrowser(t);
    const asGuest = await t.app.inject({ method: 'GET', url: '/panel/shortlist', headers: guest.headers() });
    expect(asGuest.headers['x-refused']).toBe('sign-in');
  });

  it('keeps the module rules with only its folder and its entry in the list', () => {
    const root = mkdtempSync(join(tmpdir(), 'add-a-module-'));
    try {
      cpSync(SRC, root, { recursive: true, filter: (path) => !path.includes('node_modules') });
      cpSync(join(SRC, 'testing/example-module/shortlist'), join(root, 'modules/shortlist'), {
        recursive: true,
      });
      // Inside modules/ the example's paths are one level shorter.
      for (const name of ['contracts.ts', 'routes.ts', 'service.ts', 'module.ts']) {
        const path = join(root, 'modules/shortlist', name);
        writeFileSync(
          path,
          readFileSync(path, 'utf8').replaceAll('../../../', '../../').replace("'../../modules/", "'../"),
        );
      }
      const list = join(root, 'modules/index.ts');
      const before = readFileSync(list, 'utf8');
      const after = before
        .replace(
          /^(import type \{ AppModule \})/m,
          "import { shortlistModule } from './shortlist/module';\n$1",
        )
        .replace(/^\];$/m, '  shortlistModule,\n];');
      writeFileSync(list, after);
      expect(after.split('\n').length - before.split('\n').length).toBe(2);
      expect(checkModuleRules(root)).toEqual([]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
