import type { FormEvent, ReactNode } from 'react';
import { useRoute } from '../../lib/route';
import { Button } from '../ui/Button';
import { Card } from '../ui/Card';

/**
 * The form of an admin catalog or content record (link, menu item, folder, datacenter, redirect,
 * setting, limit): its fields two a row from 640 px in one card, the save button under them. A
 * record being edited is sent to `<routes>.update` (PUT), a new one to `<routes>.store` (POST); the
 * button reads «ذخیرهٔ <noun>» or «ساخت <noun>».
 */
export function CatalogForm({
  form,
  routes,
  edit,
  noun,
  submitLabel = edit ? `ذخیرهٔ ${noun}` : `ساخت ${noun}`,
  children,
}: {
  /** The record's `useForm`; the button waits while it is sending. */
  form: { processing: boolean; put: (url: string) => Promise<void>; post: (url: string) => Promise<void> };
  /** The records' named routes without the action: `admin.links`. */
  routes: string;
  /** The route parameters of the record being edited (`{ link: 3 }`); nothing for a new record. */
  edit?: Record<string, string | number> | null;
  /** What the record is called on the button («پیوند»). */
  noun?: string;
  /** A button that says something else than «ذخیرهٔ …» or «ساخت …». */
  submitLabel?: string;
  children: ReactNode;
}) {
  const route = useRoute();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (edit) void form.put(route(`${routes}.update`, edit));
    else void form.post(route(`${routes}.store`));
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
