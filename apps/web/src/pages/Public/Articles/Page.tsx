import type { ContentPageProps } from '@server/modules/content/contracts';
import { Head } from '../../../app/protocol';
import { PageIntro } from '../../../components/content/PageIntro';
import { Prose } from '../../../components/content/Prose';
import { Container } from '../../../components/ui/Container';

/** `articles.page` (GET /pages/{article}): an article of kind «page», without blog chrome. */
export default function Page({ article }: ContentPageProps) {
  return (
    <>
      <Head title={article.seo.title || article.title} />
      <Container className="pb-16 pt-10 sm:pt-14">
        <PageIntro title={article.title} lead={article.excerpt || undefined} />
        <article className="mt-6 max-w-3xl">
          <Prose html={article.body} />
        </article>
      </Container>
    </>
  );
}
