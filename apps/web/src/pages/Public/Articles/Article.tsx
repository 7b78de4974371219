import { useForm } from '@renderfarm/react';
import type { DocsArticleProps } from '@server/modules/content/contracts';
import { ThumbsDown, ThumbsUp } from 'lucide-react';
import { Head } from '../../../app/protocol';
import { Breadcrumb } from '../../../components/content/Breadcrumb';
import { DocsTree, folderHref } from '../../../components/content/DocsTree';
import { Prose } from '../../../components/content/Prose';
import { Container } from '../../../components/ui/Container';
import { useRoute } from '../../../lib/route';

/** `articles.show` (GET /articles/{folder}/{article}): a docs article with its contents and feedback. */
export default function Article({ article, trail, tree, toc, feedback_given }: DocsArticleProps) {
  const route = useRoute();
  const form = useForm({ useful: true });
  const answer = (useful: boolean) => {
    form.transform(() => ({ useful }));
    form.post(route('articles.feedback', { article: article.slug }), { preserveScroll: true });
  };
  const button =
    'inline-flex min-h-10 items-center gap-2 rounded-lg border border-gray-300 bg-white px-4 text-sm font-medium text-gray-800 hover:border-brand-500 hover:text-brand-700 disabled:opacity-60';
  return (
    <>
      <Head title={article.seo.title || article.title} />
      <Container className="pb-16 pt-8 sm:pt-12">
        <div className="grid gap-10 lg:grid-cols-[16rem_minmax(0,1fr)]">
          <aside className="order-last lg:order-first">
            <DocsTree tree={tree} currentFolder={article.folder?.slug} currentArticle={article.slug} />
          </aside>
          <article className="min-w-0">
            <Breadcrumb
              items={[
                ...trail.map((f) => ({ label: f.name, href: folderHref(f.slug) })),
                { label: article.title },
              ]}
            />
            <h1 className="mt-4 text-2xl font-extrabold leading-[1.6] text-gray-900 sm:text-3xl sm:leading-[1.5]">
              {article.title}
            </h1>
            {toc.length > 1 && (
              <nav
                aria-label="فهرست مطالب"
                className="mt-6 rounded-2xl border border-gray-200 bg-gray-50 p-4"
              >
                <p className="mb-2 text-sm font-semibold text-gray-900">در این راهنما</p>
                <ol className="space-y-1 text-sm">
                  {toc.map((item) => (
                    <li key={item.id} className={item.level === 3 ? 'ms-4' : ''}>
                      <a href={`#${item.id}`} className="text-brand-700 hover:underline">
                        {item.text}
                      </a>
                    </li>
                  ))}
                </ol>
              </nav>
            )}
            <Prose html={article.body} className="mt-4" />
            <section
              aria-labelledby="feedback-title"
              className="mt-10 rounded-2xl border border-gray-200 bg-white p-5"
            >
              <h2 id="feedback-title" className="font-semibold text-gray-900">
                این راهنما مفید بود؟
              </h2>
              {feedback_given ? (
                <p className="mt-2 text-sm text-gray-600" role="status">
                  پاسخ شما ثبت شد؛ سپاسگزاریم.
                </p>
              ) : (
                <div className="mt-3 flex flex-wrap gap-3">
                  <button
                    type="button"
                    className={button}
                    disabled={form.processing}
                    onClick={() => answer(true)}
                  >
                    <ThumbsUp aria-hidden="true" className="size-4" />
                    بله
                  </button>
                  <button
                    type="button"
                    className={button}
                    disabled={form.processing}
                    onClick={() => answer(false)}
                  >
                    <ThumbsDown aria-hidden="true" className="size-4" />
                    نه
                  </button>
                </div>
              )}
            </section>
          </article>
        </div>
      </Container>
    </>
  );
}
