import type { PostSummary } from '@server/modules/content/contracts';
import { Newspaper } from 'lucide-react';
import { Link } from '../../../../app/protocol';
import { Card } from '../../../../components/ui/Card';
import { ItemList } from '../../../../components/ui/ItemList';
import { JalaliTime } from '../../../../components/ui/JalaliTime';

/** The newest blog posts: tutorials and news that bring people back. */
export function LatestPosts({ posts }: { posts: PostSummary[] }) {
  return (
    <ItemList
      items={posts}
      className="grid gap-4 md:grid-cols-3"
      empty={{
        icon: Newspaper,
        title: 'هنوز مطلبی منتشر نشده است',
        description: 'آموزش‌ها و خبرهای رندر ابری به‌زودی همین‌جا منتشر می‌شوند.',
        roomy: true,
      }}
    >
      {(post) => (
        <Card as="li" key={post.slug} className="group relative flex flex-col p-5 hover:shadow-md">
          <JalaliTime value={post.published_at} className="text-xs text-gray-500" />
          <h3 className="mt-2 font-semibold leading-8 text-gray-900 group-hover:text-brand-700">
            {/* The whole card is clickable; the link itself stays the title for screen readers. */}
            <Link
              href={`/blog/${encodeURIComponent(post.slug)}`}
              className="after:absolute after:inset-0 after:rounded-2xl"
            >
              {post.title}
            </Link>
          </h3>
          {post.excerpt && (
            <p className="mt-2 line-clamp-3 text-sm leading-7 text-gray-600">{post.excerpt}</p>
          )}
        </Card>
      )}
    </ItemList>
  );
}
