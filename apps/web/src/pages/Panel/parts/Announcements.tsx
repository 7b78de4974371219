import type { PostSummary } from '@server/modules/content/contracts';
import { Megaphone } from 'lucide-react';
import { DashboardSection } from '../../../components/dashboard/DashboardSection';
import { SectionLink } from '../../../components/dashboard/SectionLink';
import { ItemList } from '../../../components/ui/ItemList';
import { JalaliTime } from '../../../components/ui/JalaliTime';
import { MaybeLink } from '../../../components/ui/MaybeLink';
import { useRoute } from '../../../lib/route';

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
      <ItemList
        items={posts}
        className="space-y-4"
        empty={{
          icon: Megaphone,
          title: 'اطلاعیه تازه‌ای نیست',
          description: 'خبر پلن‌های تازه و تغییر قیمت‌ها را همین‌جا می‌بینید.',
        }}
      >
        {(item) => {
          const href = post(item.slug);
          return (
            <li key={item.slug}>
              <JalaliTime value={item.published_at} className="text-xs text-gray-500" />
              <p className="mt-0.5 text-sm font-semibold leading-7 text-gray-900">
                <MaybeLink href={href}>{item.title}</MaybeLink>
              </p>
              {item.excerpt && <p className="line-clamp-2 text-sm leading-7 text-gray-600">{item.excerpt}</p>}
            </li>
          );
        }}
      </ItemList>
    </DashboardSection>
  );
}
