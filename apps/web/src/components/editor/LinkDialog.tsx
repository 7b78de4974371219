import { type FormEvent, useState } from 'react';
import { Button } from '../ui/Button';
import { Modal } from '../ui/Modal';
import { TextField } from '../ui/TextField';
import { normaliseHref } from './link-href';

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
