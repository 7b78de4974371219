import type { StaticPageProps } from '@server/modules/content/contracts';
import { StaticPage } from '../components/content/StaticPage';

/** `policy.show` (GET /privacy-policy): the static page «privacy». */
export default function PrivacyPolicy({ page }: StaticPageProps) {
  return <StaticPage page={page} />;
}
