import type { DocsFolderNode } from '@server/modules/content/contracts';
import { Link } from '../../app/protocol';

const folderHref = (slug: string) => `/articles/${encodeURIComponent(slug)}`;
const articleHref = (folder: string, slug: string) =>
  `/articles/${encodeURIComponent(folder)}/${encodeURIComponent(slug)}`;

/** The docs sidebar: every folder and its articles, the current one marked. */
export function DocsTree({
  tree,
  currentFolder,
  currentArticle,
}: {
  tree: DocsFolderNode[];
  currentFolder?: string;
  currentArticle?: string;
}) {
  const render = (nodes: DocsFolderNode[], depth: number) => (
    <ul className={depth > 0 ? 'ms-3 border-s border-gray-200 ps-3' : 'space-y-3'}>
      {nodes.map((node) => (
        <li key={node.slug} className="py-0.5">
          <Link
            href={folderHref(node.slug)}
            aria-current={node.slug === currentFolder && !currentArticle ? 'page' : undefined}
            className="block rounded-md py-1 font-semibold text-gray-900 hover:text-brand-700 aria-[current=page]:text-brand-700"
          >
            {node.name}
          </Link>
          {node.articles.length > 0 && (
            <ul className="ms-3 border-s border-gray-200 ps-3">
              {node.articles.map((article) => (
                <li key={article.slug}>
                  <Link
                    href={articleHref(node.slug, article.slug)}
                    aria-current={
                      node.slug === currentFolder && article.slug === currentArticle ? 'page' : undefined
                    }
                    className="block rounded-md py-1 text-sm leading-7 text-gray-700 hover:text-brand-700 aria-[current=page]:font-semibold aria-[current=page]:text-brand-700"
                  >
                    {article.title}
                  </Link>
                </li>
              ))}
            </ul>
          )}
          {node.children.length > 0 && render(node.children, depth + 1)}
        </li>
      ))}
    </ul>
  );
  return (
    <nav aria-label="فهرست آموزش‌ها" className="text-[15px]">
      {render(tree, 0)}
    </nav>
  );
}

export { articleHref, folderHref };
