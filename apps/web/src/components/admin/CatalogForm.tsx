import type { FormEvent, ReactNode } from 'react';
import { Button } from '../ui/Button';
import { Card } from '../ui/Card';

/**
 * The form of an admin catalog or content record (link, menu item, folder, datacenter, redirect,
 * setting, limit): its fields two a row from 640 px in one card, the save button under them. A
 * record being edited is sent to `update` (PUT), a new one to `store` (POST).
 */
export function CatalogForm({
  form,
  update,
  store,
  submitLabel,
  children,
}: {
  /** The record's `useForm`; the button waits while it is sending. */
  form: { processing: boolean; put: (url: string) => Promise<void>; post: (url: string) => Promise<void> };
  /** Where an existing record's changes go; nothing for a new record. */
  update?: string | null;
  /** Where a new record goes. */
  store: string;
  submitLabel: string;
  children: ReactNode;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (update) void form.put(update);
    else void form.post(store);
  };
  return (
    <form onSubmit={submit} noValidate>
      <Card className="grid gap-4 p-4 sm:grid-cols-2 sm:p-6">
        {children}
        <div className="sm:col-span-2">
          <Button type="submit" size="lg" disabled={form.processing}>
            {submitLabel}
          </Button>
        </div>
      </Card>
    </form>
  );
}
