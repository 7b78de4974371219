import type { AdminArticleFormProps } from '@server/modules/content/contracts';
import { Head } from '../../../app/protocol';
import { PageHeader } from '../../../components/account/PageHeader';
import { ArticleForm } from './parts/ArticleForm';

/** `admin.articles.make` «مطلب جدید». */
export default function ArticleMake(props: AdminArticleFormProps) {
  return (
    <>
      <Head title="مطلب جدید" />
      <PageHeader
        title="مطلب جدید"
        description="نوشتهٔ وبلاگ، راهنما یا صفحه؛ متن هنگام ذخیره پاک‌سازی می‌شود."
      />
      <ArticleForm {...props} />
    </>
  );
}
