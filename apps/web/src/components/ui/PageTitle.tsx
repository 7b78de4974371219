import { Head } from '../../app/protocol';
import { PageHeader, type PageHeaderProps } from '../account/PageHeader';

/**
 * A page's title said once: the browser tab (`<Head>`) and the h1 row (`PageHeader`) carry the
 * same words, so they never drift apart.
 */
export function PageTitle(header: PageHeaderProps) {
  return (
    <>
      <Head title={header.title} />
      <PageHeader {...header} />
    </>
  );
}
