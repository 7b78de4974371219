import type { AdminArticleFormProps } from '@server/modules/content/contracts';
import { Screen } from '../../../components/ui/Screen';
import { ArticleForm } from './parts/ArticleForm';

/** `admin.articles.make` «مطلب جدید». */
export default function ArticleMake(props: AdminArticleFormProps) {
  return (
    <Screen title="مطلب جدید" description="نوشتهٔ وبلاگ، راهنما یا صفحه؛ متن هنگام ذخیره پاک‌سازی می‌شود.">
      <ArticleForm {...props} />
    </Screen>
  );
}
