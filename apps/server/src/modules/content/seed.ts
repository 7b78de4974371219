import type { Database } from '../../db/client';
import type { DemoSeedContext } from '../app-module';
import { farvardinOf } from './campaign-window';
import { DEMO_ARTICLES, DEMO_FOLDERS, DEMO_LINKS, DEMO_MENUS, DEMO_PAGES } from './demo-content';
import { articles, folders, links, menus, pages } from './tables';

/** The docs tree and posts (written by the demo admin), the static pages, menus and footer links. */
export async function seedDemoContent(db: Database, demo: DemoSeedContext): Promise<void> {
  const folderIds = new Map<string, number>();
  // Parents come before their children in the list.
  for (const { parent, ...folder } of DEMO_FOLDERS) {
    const [row] = await db
      .insert(folders)
      .values({ ...folder, parentId: parent ? folderIds.get(parent)! : null })
      .returning({ id: folders.id });
    folderIds.set(folder.slug, row!.id);
  }
  await db.insert(articles).values(
    DEMO_ARTICLES.map(({ folder, ...article }) => ({
      ...article,
      folderId: folder ? folderIds.get(folder)! : null,
      status: 'published' as const,
      authorId: demo.userIds.get('admin'),
    })),
  );
  // The Nowruz campaign runs in Farvardin (of the Jalali year the demo is made in).
  const nowruz = farvardinOf(demo.now);
  await db
    .insert(pages)
    .values(DEMO_PAGES.map((page) => (page.key === 'campaign:nowruz' ? { ...page, ...nowruz } : page)));
  for (const { children, ...item } of DEMO_MENUS) {
    const [row] = await db.insert(menus).values(item).returning({ id: menus.id });
    if (children?.length) {
      await db
        .insert(menus)
        .values(children.map((child) => ({ ...child, location: item.location, parentId: row!.id })));
    }
  }
  await db.insert(links).values(DEMO_LINKS);
}
