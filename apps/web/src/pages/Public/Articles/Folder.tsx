import type { DocsFolderProps } from '@server/modules/content/contracts';
import { BookOpen, Folder as FolderIcon } from 'lucide-react';
import { Head, Link } from '../../../app/protocol';
import { Breadcrumb } from '../../../components/content/Breadcrumb';
import { articleHref, DocsTree, folderHref } from '../../../components/content/DocsTree';
import { PageIntro } from '../../../components/content/PageIntro';
import { Card } from '../../../components/ui/Card';
import { Container } from '../../../components/ui/Container';
import { EmptyState } from '../../../components/ui/EmptyState';

/** `articles.folder` (GET /articles/{folder}): a docs folder's sub-folders and articles. */
export default function Folder({ folder, trail, children, articles, tree }: DocsFolderProps) {
  return (
    <>
      <Head title={folder.name} />
      <Container className="pb-16 pt-8 sm:pt-12">
        <div className="grid gap-10 lg:grid-cols-[16rem_minmax(0,1fr)]">
          <aside className="order-last lg:order-first">
            <DocsTree tree={tree} currentFolder={folder.slug} />
          </aside>
          <div>
            <PageIntro
              title={folder.name}
              lead={folder.description || undefined}
              eyebrow={
                <Breadcrumb
                  items={[
                    ...trail.slice(0, -1).map((f) => ({ label: f.name, href: folderHref(f.slug) })),
                    { label: folder.name },
                  ]}
                />
              }
            />
            {children.length > 0 && (
              <ul className="mt-8 grid gap-4 sm:grid-cols-2">
                {children.map((child) => (
                  <Card as="li" key={child.slug} className="group relative p-5 hover:shadow-md">
                    <h2 className="flex items-center gap-2 font-semibold text-gray-900 group-hover:text-brand-700">
                      <FolderIcon aria-hidden="true" className="size-5 shrink-0 text-brand-500" />
                      <Link
                        href={folderHref(child.slug)}
                        className="after:absolute after:inset-0 after:rounded-2xl"
                      >
                        {child.name}
                      </Link>
                    </h2>
                    {child.description && (
                      <p className="mt-2 text-sm leading-7 text-gray-600">{child.description}</p>
                    )}
                  </Card>
                ))}
              </ul>
            )}
            {articles.length > 0 ? (
              <ul className="mt-8 divide-y divide-gray-200 rounded-2xl border border-gray-200 bg-white">
                {articles.map((article) => (
                  <li key={article.slug} className="p-4 sm:p-5">
                    <Link
                      href={articleHref(folder.slug, article.slug)}
                      className="font-semibold text-gray-900 hover:text-brand-700"
                    >
                      {article.title}
                    </Link>
                    {article.excerpt && (
                      <p className="mt-1 text-sm leading-7 text-gray-600">{article.excerpt}</p>
                    )}
                  </li>
                ))}
              </ul>
            ) : (
              children.length === 0 && (
                <EmptyState
                  className="mt-8"
                  icon={BookOpen}
                  title="هنوز راهنمایی در این بخش نیست"
                  description="راهنماهای دیگر را از فهرست کنار صفحه ببینید یا از پشتیبانی بپرسید."
                />
              )
            )}
          </div>
        </div>
      </Container>
    </>
  );
}
