import { type FormEvent, useState } from 'react';
import { Button } from '../ui/Button';
import { Modal } from '../ui/Modal';
import { TextField } from '../ui/TextField';

/** A link's address as typed: a site path, a full address, mail or phone; `www.x.ir` gets https. */
export function normaliseHref(raw: string): string | null {
  const href = raw.trim();
  if (!href) return null;
  if (/^\/(?![/\\])/.test(href) || /^#/.test(href)) return href;
  if (/^(https?:\/\/|mailto:|tel:)/i.test(href)) return href;
  // Anything else with a scheme (javascript:, data:) is not a link we make.
  if (/^[a-z][a-z0-9+.-]*:/i.test(href)) return null;
  return `https://${href}`;
}

/**
 * «پیوند»: asks for the address of the selected text's link (or changes or removes the one under
 * the cursor). The server still checks every address when the body is saved.
 */
export function LinkDialog({
  initial,
  onSave,
  onRemove,
  onClose,
}: {
  initial: string;
  onSave: (href: string) => void;
  onRemove: (() => void) | null;
  onClose: () => void;
}) {
  const [href, setHref] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The dialog's form sits inside the page's form in the React tree: keep its submit here.
    event.stopPropagation();
    const value = normaliseHref(href);
    if (!value) {
      setError('نشانی درست نیست؛ مثلاً https://example.com یا /prices');
      return;
    }
    onSave(value);
  };
  return (
    <Modal open onClose={onClose} title={initial ? 'ویرایش پیوند' : 'افزودن پیوند'}>
      <form onSubmit={submit} noValidate className="mt-4 space-y-4">
        <TextField
          label="نشانی پیوند"
          ltr
          data-autofocus
          placeholder="https://"
          value={href}
          onChange={(value) => {
            setHref(value);
            setError(null);
          }}
          error={error}
          hint="نشانی کامل یا مسیری از همین سایت مثل ‎/prices"
        />
        <div className="flex flex-wrap gap-2">
          <Button type="submit">{initial ? 'ذخیرهٔ پیوند' : 'افزودن پیوند'}</Button>
          {onRemove && (
            <Button type="button" variant="secondary" onClick={onRemove}>
              برداشتن پیوند
            </Button>
          )}
          <Button type="button" variant="ghost" onClick={onClose}>
            انصراف
          </Button>
        </div>
      </form>
    </Modal>
  );
}
