import { useForm } from '@renderfarm/react';
import type { ApiIndexProps } from '@server/modules/accounts/contracts';
import { KeyRound } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { usePage } from '../../app/protocol';
import { Button } from '../../components/ui/Button';
import { formBinders } from '../../components/ui/bind-field';
import { EmptyState } from '../../components/ui/EmptyState';
import { FormSection } from '../../components/ui/FormSection';
import { SavedNote } from '../../components/ui/SavedNote';
import { Screen } from '../../components/ui/Screen';
import { TextField } from '../../components/ui/TextField';
import { useFocusFirstError } from '../../hooks/use-focus-first-error';
import { useRoute } from '../../lib/route';
import { NewTokenDialog } from './parts/NewTokenDialog';
import { PermissionChecks } from './parts/PermissionChecks';
import { TokenRow } from './parts/TokenRow';

/** `api-tokens.index`: personal access tokens for the JSON API: make, list, change, revoke. */
export default function Index({
  tokens = [],
  available_permissions = ['read', 'create', 'update', 'delete'],
  default_permissions = ['read'],
}: ApiIndexProps) {
  const route = useRoute();
  const flashToken = usePage().props.flash?.token ?? null;
  // The token shown is the one of this flash; closing the dialog hides it for good.
  const [closedFor, setClosedFor] = useState<string | null>(null);
  const shownToken = flashToken && flashToken !== closedFor ? flashToken : null;
  const form = useForm({ name: '', permissions: default_permissions });
  const { field } = formBinders(form);
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, form.errors);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    form.transform((data) => ({ ...data, name: data.name.trim() }));
    await form.post(route('api-tokens.store'), { preserveScroll: true, onSuccess: () => form.reset() });
  };

  return (
    <Screen
      title="توکن‌های API"
      description="با توکن، برنامه‌ها و اسکریپت‌هایتان بدون رمز عبور به حسابتان دسترسی پیدا می‌کنند (سرورها، موجودی، تیکت‌ها)."
    >
      <div className="space-y-10">
        <FormSection
          id="create-token"
          title="ساخت توکن"
          description="برای هر برنامه توکن جداگانه‌ای بسازید تا هر وقت لازم شد فقط همان را باطل کنید."
        >
          <form ref={formRef} onSubmit={submit} noValidate className="space-y-5">
            <TextField
              label="نام توکن"
              {...field('name')}
              placeholder="مثلاً اسکریپت رندر شبانه"
              maxLength={100}
            />
            <PermissionChecks
              available={available_permissions}
              value={form.data.permissions}
              onChange={(permissions) => form.setData('permissions', permissions)}
              error={form.errors.permissions}
            />
            <div className="flex items-center justify-end gap-3">
              <SavedNote show={form.recentlySuccessful}>ساخته شد</SavedNote>
              <Button type="submit" disabled={form.processing}>
                ساخت توکن
              </Button>
            </div>
          </form>
        </FormSection>

        <FormSection id="tokens" title="توکن‌های شما" description="توکنی را که دیگر لازم ندارید حذف کنید.">
          {tokens.length === 0 ? (
            <EmptyState
              icon={KeyRound}
              title="هنوز توکنی نساخته‌اید"
              description="با فرم بالا نخستین توکن را بسازید؛ فقط یک بار نمایش داده می‌شود."
              className="border-0"
            />
          ) : (
            <ul aria-label="توکن‌های API" className="-my-4 divide-y divide-gray-100">
              {tokens.map((token) => (
                <TokenRow key={token.id} token={token} available={available_permissions} />
              ))}
            </ul>
          )}
        </FormSection>
      </div>
      <NewTokenDialog token={shownToken} onClose={() => setClosedFor(flashToken)} />
    </Screen>
  );
}
