import type { ReactNode } from 'react';
import { Head } from '../../app/protocol';
import { PageHeader } from '../account/PageHeader';

/**
 * A page's title said once: the browser tab (`<Head>`) and the h1 row (`PageHeader`) carry the
 * same words, so they never drift apart.
 */
export function PageTitle({
  title,
  description,
  actions,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <>
      <Head title={title} />
      <PageHeader title={title} description={description} actions={actions} />
    </>
  );
}
