import { createAuthTestApp } from '../../apps/server/src/modules/auth/test-support';
import { MEASURED_PAGES, measurePageQueries } from '../../apps/server/src/testing/page-queries';
import { recordQueries } from '../../apps/server/src/testing/query-recorder';

/*
 * SQL statements per page (issue 10): a first load and a live reload's partial reload of the area
 * homes and the machine list, as their demo users, on a warm process (in-memory PGlite; PostgreSQL
 * counts the same). The "before" column was measured the same way on main at 093bd10, before the
 * session and user were read together, shared props became lazy and settings, menus and links
 * were cached. apps/server/src/http/query-count.test.ts holds the current numbers exactly.
 *
 * Needs the built web app (`pnpm build`): pages render through its Vite manifest.
 * `npx tsx tests/load/query-count.bench.ts` prints the section; `pnpm bench` collects it.
 */
const BEFORE: Record<(typeof MEASURED_PAGES)[number]['route'], { full: number; partial: number }> = {
  'panel.home': { full: 10, partial: 11 },
  'panel.instances.list': { full: 10, partial: 11 },
  'care.home': { full: 14, partial: 15 },
  'admin.dash': { full: 18, partial: 19 },
};

export async function run(): Promise<string> {
  const t = await createAuthTestApp();
  const recorder = recordQueries(t.database);
  const rows: string[] = [];
  try {
    for (const page of MEASURED_PAGES) {
      const counted = await measurePageQueries(t, recorder, page);
      const before = BEFORE[page.route];
      rows.push(
        `| \`${page.route}\` | ${page.partial.join(', ')} | ${before.full} → **${counted.full.length}** | ${before.partial} → **${counted.partial.length}** |`,
      );
    }
  } finally {
    await t.close();
  }
  return [
    '## SQL statements per page (apps/server)',
    '',
    'Statements sent to the database by one request, counted by wrapping the driver (`recordQueries`, apps/server/src/testing), on a warm process. Before: main at 093bd10. After: the session and its user in one query; shared props (`settings`, `menus`, `links`, `routes`, `auth`) and the area homes’ page props lazy, so a partial reload runs only the queries of the props it asks for; settings, menus, links and the staff switches in the shared cache (forgotten on change, in every process through Redis); the route list built once per role; a partial reload with no flash to keep writes no session.',
    '',
    '| page | partial reload asks for | first load | partial reload |',
    '|---|---|---|---|',
    ...rows,
    '',
    'The first request after a start also reads the public settings, menus and links once (three statements), and a staff page the two staff switches. Machine lists still read the plan, location and image names per list (main’s per-module lookups); those tables change rarely and could come from the same cache.',
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await run());
