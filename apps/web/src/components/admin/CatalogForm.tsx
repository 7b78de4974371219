import type { FormEvent, ReactNode } from 'react';
import { Button } from '../ui/Button';
import { Card } from '../ui/Card';

/**
 * The form of an admin catalog or content record (link, menu item, folder, datacenter, redirect,
 * setting, limit): its fields two a row from 640 px in one card, the save button under them.
 */
export function CatalogForm({
  onSubmit,
  submitLabel,
  busy,
  children,
}: {
  onSubmit: (event: FormEvent) => void;
  submitLabel: string;
  busy: boolean;
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} noValidate>
      <Card className="grid gap-4 p-4 sm:grid-cols-2 sm:p-6">
        {children}
        <div className="sm:col-span-2">
          <Button type="submit" size="lg" disabled={busy}>
            {submitLabel}
          </Button>
        </div>
      </Card>
    </form>
  );
}
