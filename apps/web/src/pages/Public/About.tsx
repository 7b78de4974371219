import type { StaticPageProps } from '@server/modules/content/contracts';
import { StaticPage } from '../../components/content/StaticPage';

/** `about` (GET /about): the static page «about», edited in Admin/Page. */
export default function About({ page }: StaticPageProps) {
  return <StaticPage page={page} />;
}
