import type { StaticPageProps } from '@server/modules/content/contracts';
import { StaticPage } from '../components/content/StaticPage';

/** `terms.show` (GET /terms-of-service): the static page «terms». */
export default function TermsOfService({ page }: StaticPageProps) {
  return <StaticPage page={page} />;
}
