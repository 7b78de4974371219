import type { Database } from '../../db/client';
import { DEMO_ARTICLES, DEMO_FOLDERS, DEMO_LINKS, DEMO_MENUS, DEMO_PAGES } from '../../db/demo-data';
import type { DemoSeedContext } from '../app-module';
import { articles, folders, links, menus, pages } from './tables';

/** The docs tree and posts (written by the demo admin), the static pages, menus and footer links. */
export async function seedDemoContent(db: Database, demo: DemoSeedContext): Promise<void> {
  const folderIds = new Map<string, number>();
  for (const folder of DEMO_FOLDERS) {
    const [row] = await db.insert(folders).values(folder).returning({ id: folders.id });
    folderIds.set(folder.slug, row!.id);
  }
  await db.insert(articles).values(
    DEMO_ARTICLES.map(({ folder, ...article }) => ({
      ...article,
      folderId: folderIds.get(folder)!,
      status: 'published' as const,
      authorId: demo.userIds.get('admin'),
    })),
  );
  await db.insert(pages).values(DEMO_PAGES);
  await db.insert(menus).values(DEMO_MENUS);
  await db.insert(links).values(DEMO_LINKS);
}
