import { createHash } from 'node:crypto';
import type { Database } from '../../db/client';
import type { ObjectStorage } from '../../lib/storage';
import type { DemoSeedContext } from '../app-module';
import { PERIOD_MS } from './service';
import { driveEntries, drives } from './tables';

/** The demo files' bytes: small real files, the same on every fresh database (see demoObjectBytes). */
const DEMO_FILES: Record<string, string> = {
  'demo-readme': 'این فضا برای فایل‌های صحنهٔ پروژهٔ ویلای شمال است.\nفریم‌های رندرشده در پوشهٔ «خروجی» می‌آیند.\n',
  'demo-materials':
    'newmtl wood_oak\nKd 0.55 0.38 0.22\nNs 32\n\nnewmtl glass_clear\nKd 0.9 0.95 1.0\nd 0.2\n',
  'demo-frames': 'frame,seconds,samples\n1,412,1024\n2,398,1024\n3,405,1024\n4,421,1024\n',
};

const demoBytes = (name: string) => Buffer.from(DEMO_FILES[name] ?? '', 'utf8');
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * A demo file's bytes are written to the object storage the first time they are read: the seed
 * runs before any storage is at hand (it gets the database only), and the bytes are fixed text.
 */
export async function ensureDemoObject(
  storage: ObjectStorage,
  key: string,
  checksum: string | null,
): Promise<void> {
  const name = key.slice(key.lastIndexOf('/') + 1);
  if (!(name in DEMO_FILES) || (await storage.stat(key))) return;
  const bytes = demoBytes(name);
  if (sha256(bytes) === checksum) await storage.put(key, bytes);
}

/** Two drives of the demo customer: one with folders and files, one small and empty. */
export async function seedDemoDrives(db: Database, demo: DemoSeedContext): Promise<void> {
  const userId = demo.userIds.get('customer');
  const location = demo.ids.get('locations')?.get('thr1');
  if (userId === undefined || location === undefined) return;
  const started = new Date(demo.now.getTime() - 9 * 24 * 3600 * 1000);
  const make = (name: string, sizeGb: number, usedBytes: number) =>
    db
      .insert(drives)
      .values({
        userId,
        locationId: location,
        name,
        sizeGb,
        usedBytes,
        periodStartedAt: started,
        paidUntil: new Date(started.getTime() + PERIOD_MS),
        createdAt: started,
      })
      .returning();
  const files = [
    { parent: 'صحنه‌ها', name: 'راهنما.txt', key: 'demo-readme' },
    { parent: 'صحنه‌ها/ویلای شمال', name: 'مواد.mtl', key: 'demo-materials' },
    { parent: 'خروجی', name: 'گزارش فریم‌ها.csv', key: 'demo-frames' },
  ];
  const used = files.reduce((total, f) => total + demoBytes(f.key).length, 0);
  const [project] = await make('پروژهٔ ویلای شمال', 50, used);
  await make('آرشیو رندرها', 10, 0);
  const folders = [
    { parent: '', name: 'صحنه‌ها' },
    { parent: 'صحنه‌ها', name: 'ویلای شمال' },
    { parent: '', name: 'خروجی' },
  ];
  await db.insert(driveEntries).values([
    ...folders.map((f) => ({
      driveId: project!.id,
      kind: 'folder' as const,
      parent: f.parent,
      name: f.name,
      path: f.parent ? `${f.parent}/${f.name}` : f.name,
      createdAt: started,
    })),
    ...files.map((f) => {
      const bytes = demoBytes(f.key);
      return {
        driveId: project!.id,
        kind: 'file' as const,
        parent: f.parent,
        name: f.name,
        path: `${f.parent}/${f.name}`,
        size: bytes.length,
        sha256: sha256(bytes),
        objectKey: `drives/${project!.uuid}/${f.key}`,
        createdAt: started,
      };
    }),
  ]);
}
