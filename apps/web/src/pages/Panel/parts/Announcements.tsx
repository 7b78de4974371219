import { Megaphone } from 'lucide-react';
import { Link } from '../../../app/protocol';
import { DashboardSection } from '../../../components/dashboard/DashboardSection';
import { SectionLink } from '../../../components/dashboard/SectionLink';
import { EmptyState } from '../../../components/ui/EmptyState';
import { JalaliTime } from '../../../components/ui/JalaliTime';
import { useRoute } from '../../../lib/route';
import type { PostSummary } from '../../../types/public';

/** The latest posts of the blog: news, price changes, new plans. */
export function Announcements({ posts }: { posts: PostSummary[] }) {
  const route = useRoute();
  const blog = route.has('blog') ? route('blog') : null;
  const post = (slug: string) => (route.has('blog.show') ? route('blog.show', { article: slug }) : null);

  return (
    <DashboardSection
      id="announcements"
      title="اطلاعیه‌ها"
      action={blog && posts.length > 0 && <SectionLink href={blog}>همه مطالب</SectionLink>}
    >
      {posts.length === 0 ? (
        <EmptyState
          icon={Megaphone}
          title="اطلاعیه تازه‌ای نیست"
          description="خبر پلن‌های تازه و تغییر قیمت‌ها را همین‌جا می‌بینید."
          className="py-8"
        />
      ) : (
        <ul className="space-y-4">
          {posts.map((item) => {
            const href = post(item.slug);
            return (
              <li key={item.slug}>
                <JalaliTime value={item.published_at} className="text-xs text-gray-500" />
                <p className="mt-0.5 text-sm font-semibold leading-7 text-gray-900">
                  {href ? (
                    <Link href={href} className="hover:text-brand-700 hover:underline">
                      {item.title}
                    </Link>
                  ) : (
                    item.title
                  )}
                </p>
                {item.excerpt && (
                  <p className="line-clamp-2 text-sm leading-7 text-gray-600">{item.excerpt}</p>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </DashboardSection>
  );
}
