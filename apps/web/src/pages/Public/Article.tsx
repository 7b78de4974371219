import type { ArticleProps } from '@server/modules/content/contracts';
import { Eye } from 'lucide-react';
import { Head, Link } from '../../app/protocol';
import { Breadcrumb } from '../../components/content/Breadcrumb';
import { PostCard, postHref } from '../../components/content/PostCard';
import { Prose } from '../../components/content/Prose';
import { Container } from '../../components/ui/Container';
import { JalaliTime } from '../../components/ui/JalaliTime';

/** `blog.show` (GET /blog/{article}): one post with its date, author, neighbours and related posts. */
export default function Article({ article, related, previous, next, preview }: ArticleProps) {
  return (
    <>
      <Head title={article.seo.title || article.title} />
      <Container className="pb-16 pt-8 sm:pt-12">
        {preview && (
          <p
            role="status"
            className="mb-6 flex items-center gap-2 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
          >
            <Eye aria-hidden="true" className="size-4 shrink-0" />
            پیش‌نمایش: این مطلب هنوز منتشر نشده و فقط مدیران آن را می‌بینند.
          </p>
        )}
        <article className="mx-auto max-w-3xl">
          <Breadcrumb
            items={[
              { label: 'وبلاگ', href: '/blog' },
              ...(article.folder
                ? [
                    {
                      label: article.folder.name,
                      href: `/blog?folder=${encodeURIComponent(article.folder.slug)}`,
                    },
                  ]
                : []),
            ]}
          />
          <h1 className="mt-4 text-2xl font-extrabold leading-[1.6] text-gray-900 sm:text-3xl sm:leading-[1.5]">
            {article.title}
          </h1>
          <p className="mt-3 flex flex-wrap gap-x-3 text-sm text-gray-600">
            {article.published_at && <JalaliTime value={article.published_at} />}
            {article.author && <span>نوشتهٔ {article.author}</span>}
          </p>
          {article.cover_url && (
            <img
              src={article.cover_url}
              alt=""
              className="mt-6 aspect-video w-full rounded-2xl object-cover"
            />
          )}
          <Prose html={article.body} className="mt-6" />
          {(previous || next) && (
            <nav
              aria-label="مطالب قبلی و بعدی"
              className="mt-10 grid gap-3 border-t border-gray-200 pt-6 sm:grid-cols-2"
            >
              {previous ? (
                <Link href={postHref(previous.slug)} rel="prev" className="rounded-xl p-3 hover:bg-gray-50">
                  <span className="block text-xs text-gray-500">مطلب قبلی</span>
                  <span className="font-medium text-gray-900">{previous.title}</span>
                </Link>
              ) : (
                <span />
              )}
              {next && (
                <Link
                  href={postHref(next.slug)}
                  rel="next"
                  className="rounded-xl p-3 text-end hover:bg-gray-50"
                >
                  <span className="block text-xs text-gray-500">مطلب بعدی</span>
                  <span className="font-medium text-gray-900">{next.title}</span>
                </Link>
              )}
            </nav>
          )}
        </article>
        {related.length > 0 && (
          <section aria-labelledby="related-title" className="mx-auto mt-12 max-w-5xl">
            <h2 id="related-title" className="mb-4 text-lg font-bold text-gray-900">
              مطالب مرتبط
            </h2>
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {related.map((post) => (
                <PostCard key={post.slug} post={post} />
              ))}
            </ul>
          </section>
        )}
      </Container>
    </>
  );
}
