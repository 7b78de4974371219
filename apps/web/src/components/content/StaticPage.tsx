import type { PageView } from '@server/modules/content/contracts';
import type { ReactNode } from 'react';
import { Head } from '../../app/protocol';
import { Container } from '../ui/Container';
import { PageIntro } from './PageIntro';
import { Prose } from './Prose';

/** A static page edited in Admin/Page: its title and body, with room for extras after the body. */
export function StaticPage({
  page,
  children,
  aside,
}: {
  page: PageView;
  children?: ReactNode;
  aside?: ReactNode;
}) {
  return (
    <>
      <Head title={page.seo.title || page.title} />
      <Container className="pb-16 pt-10 sm:pt-14">
        <PageIntro title={page.title} />
        <div className={aside ? 'mt-6 grid gap-10 lg:grid-cols-[minmax(0,1fr)_18rem]' : 'mt-6'}>
          <article className="max-w-3xl">
            <Prose html={page.body} />
          </article>
          {aside}
        </div>
        {children}
      </Container>
    </>
  );
}
