import type { PostSummary } from '@server/modules/content/contracts';
import { Link } from '../../app/protocol';
import { Card } from '../ui/Card';
import { JalaliTime } from '../ui/JalaliTime';

export const postHref = (slug: string) => `/blog/${encodeURIComponent(slug)}`;

/** A post in a list: date, title (the whole card is the link) and excerpt. */
export function PostCard({ post, large = false }: { post: PostSummary; large?: boolean }) {
  return (
    <Card as="li" className={`group relative flex flex-col hover:shadow-md ${large ? 'p-6 sm:p-8' : 'p-5'}`}>
      <JalaliTime value={post.published_at} className="text-xs text-gray-500" />
      <h2
        className={`mt-2 font-semibold text-gray-900 group-hover:text-brand-700 ${large ? 'text-xl leading-9 sm:text-2xl' : 'leading-8'}`}
      >
        <Link href={postHref(post.slug)} className="after:absolute after:inset-0 after:rounded-2xl">
          {post.title}
        </Link>
      </h2>
      {post.excerpt && (
        <p className={`mt-2 text-gray-600 ${large ? 'leading-8' : 'line-clamp-3 text-sm leading-7'}`}>
          {post.excerpt}
        </p>
      )}
    </Card>
  );
}
