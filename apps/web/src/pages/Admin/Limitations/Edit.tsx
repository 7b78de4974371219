import { router } from '@renderfarm/react';
import type { AdminLimitationFormProps } from '@server/modules/catalog/contracts';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { Screen } from '../../../components/ui/Screen';
import { TextField } from '../../../components/ui/TextField';
import { formatNumber } from '../../../lib/digits';
import { useRoute } from '../../../lib/route';
import { LimitationForm } from './parts/LimitationForm';

const SCOPE_WORDS: Record<string, string> = {
  user: 'قانون خود کاربر',
  hardware: 'قانون پلن',
  role: 'قانون نقش',
  global: 'قانون همگانی',
};

/** `admin.limitations.edit` «ویرایش محدودیت», with "what applies to this user" beside it. */
export default function LimitationEdit(props: AdminLimitationFormProps) {
  const route = useRoute();
  const [query, setQuery] = useState(props.preview_query);
  const limitation = props.limitation!;
  const look = (event: FormEvent) => {
    event.preventDefault();
    router.visit(
      `${route('admin.limitations.edit', { limitation: limitation.id })}?user=${encodeURIComponent(query)}`,
      {
        only: ['preview', 'preview_query'],
        preserveState: true,
      },
    );
  };
  return (
    <Screen title="ویرایش محدودیت" description={`${limitation.key_label} — ${limitation.subject_label}`}>
      <div className="grid gap-6">
        <LimitationForm {...props} />
        <Card className="grid gap-3 p-4 sm:p-6">
          <h2 className="font-bold text-gray-900">مقدار مؤثر برای یک کاربر</h2>
          <form onSubmit={look} className="flex flex-wrap items-end gap-2">
            <div className="min-w-0 flex-1 basis-56">
              <TextField label="شناسه، ایمیل یا موبایل کاربر" ltr value={query} onChange={setQuery} />
            </div>
            <Button type="submit" variant="secondary">
              ببین
            </Button>
          </form>
          {props.preview_query &&
            (props.preview ? (
              <p className="text-sm text-gray-800">
                برای {props.preview.user.name}، «{props.preview.label}»{' '}
                {props.preview.value === null
                  ? 'بی‌سقف است (هیچ قانونی نیست).'
                  : `${formatNumber(props.preview.value)} است (${SCOPE_WORDS[props.preview.scope ?? 'global']}).`}
              </p>
            ) : (
              <p className="text-sm text-red-700">کاربری با این شناسه، ایمیل یا موبایل پیدا نشد.</p>
            ))}
        </Card>
      </div>
    </Screen>
  );
}
