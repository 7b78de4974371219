import type { AdminArticleFormProps } from '@server/modules/content/contracts';
import { ButtonLink } from '../../../components/ui/Button';
import { FactList } from '../../../components/ui/FactList';
import { Screen } from '../../../components/ui/Screen';
import { formatNumber } from '../../../lib/digits';
import { ArticleForm } from './parts/ArticleForm';

/** `admin.articles.edit` «ویرایش مطلب»: the form, a preview link and the feedback counts. */
export default function ArticleEdit(props: AdminArticleFormProps) {
  const article = props.article;
  const previewUrl =
    article?.url && (article.status === 'published' ? article.url : `${article.url}?preview=1`);
  return (
    <Screen
      title="ویرایش مطلب"
      actions={
        previewUrl && (
          <ButtonLink href={previewUrl} variant="secondary" target="_blank" rel="noopener">
            {article?.status === 'published' ? 'دیدن در سایت' : 'پیش‌نمایش'}
          </ButtonLink>
        )
      }
    >
      {article && article.kind === 'doc' && (
        <FactList
          className="mb-4"
          facts={[
            ['مفید بود', formatNumber(article.useful)],
            ['مفید نبود', formatNumber(article.not_useful)],
          ]}
        />
      )}
      <ArticleForm {...props} />
    </Screen>
  );
}
