import type { BlogProps } from '@server/modules/content/contracts';
import { Newspaper } from 'lucide-react';
import { Head, Link } from '../../app/protocol';
import { PageIntro } from '../../components/content/PageIntro';
import { PostCard } from '../../components/content/PostCard';
import { SearchBox } from '../../components/content/SearchBox';
import { ButtonLink } from '../../components/ui/Button';
import { Container } from '../../components/ui/Container';
import { EmptyState } from '../../components/ui/EmptyState';
import { Pagination } from '../../components/ui/Pagination';
import { listUrl } from '../../lib/list-url';

/** `blog` (GET /blog): posts newest first, the newest one featured, folders and search. */
export default function Blog({ items, featured, folders, filters }: BlogProps) {
  const posts = featured ? items.data.filter((p) => p.slug !== featured.slug) : items.data;
  const filtered = Boolean(filters.q || filters.folder);
  const chip = 'inline-flex min-h-9 items-center rounded-full border px-3 text-sm';
  return (
    <>
      <Head title="وبلاگ" />
      <Container className="pb-16 pt-10 sm:pt-14">
        <PageIntro
          title="وبلاگ"
          lead="تازه‌های رندر فارم، مقایسهٔ موتورهای رندر و ترفندهایی برای رندر سریع‌تر و ارزان‌تر."
        />
        <div className="mt-6 space-y-4">
          <SearchBox
            action="/blog"
            value={filters.q}
            label="جستجو در وبلاگ"
            placeholder="مثلاً وی‌ری"
            hidden={{ folder: filters.folder }}
          />
          {folders.length > 0 && (
            <ul aria-label="دسته‌ها" className="flex flex-wrap gap-2">
              <li>
                <Link
                  href={listUrl('/blog', { q: filters.q })}
                  aria-current={!filters.folder ? 'page' : undefined}
                  className={`${chip} border-gray-300 text-gray-700 aria-[current=page]:border-brand-600 aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-800`}
                >
                  همه
                </Link>
              </li>
              {folders.map((folder) => (
                <li key={folder.slug}>
                  <Link
                    href={listUrl('/blog', { q: filters.q, folder: folder.slug })}
                    aria-current={filters.folder === folder.slug ? 'page' : undefined}
                    className={`${chip} border-gray-300 text-gray-700 aria-[current=page]:border-brand-600 aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-800`}
                  >
                    {folder.name}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </div>

        {featured && (
          <ul className="mt-8">
            <PostCard post={featured} large />
          </ul>
        )}
        {posts.length > 0 ? (
          <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {posts.map((post) => (
              <PostCard key={post.slug} post={post} />
            ))}
          </ul>
        ) : (
          !featured && (
            <EmptyState
              className="mt-8"
              icon={Newspaper}
              title={
                filtered || items.meta.current_page > 1
                  ? 'مطلبی با این مشخصات پیدا نشد'
                  : 'هنوز مطلبی منتشر نشده است'
              }
              description={
                filtered || items.meta.current_page > 1
                  ? 'عبارت دیگری را جستجو کنید یا همهٔ مطالب را ببینید.'
                  : 'آموزش‌ها و خبرهای رندر ابری به‌زودی همین‌جا منتشر می‌شوند.'
              }
              action={
                (filtered || items.meta.current_page > 1) && (
                  <ButtonLink href="/blog" variant="secondary">
                    همهٔ مطالب
                  </ButtonLink>
                )
              }
            />
          )
        )}
        <Pagination
          page={items.meta.current_page}
          lastPage={items.meta.last_page}
          hrefFor={(page) =>
            listUrl('/blog', { q: filters.q, folder: filters.folder, page: page > 1 ? page : null })
          }
        />
      </Container>
    </>
  );
}
