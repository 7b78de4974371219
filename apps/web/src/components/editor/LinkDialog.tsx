import { useState } from 'react';
import { Button } from '../ui/Button';
import { TextField } from '../ui/TextField';
import { EditorDialog } from './EditorDialog';
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
  const save = () => {
    const value = normaliseHref(href);
    if (!value) {
      setError('نشانی درست نیست؛ مثلاً https://example.com یا /prices');
      return;
    }
    onSave(value);
  };
  return (
    <EditorDialog
      title={initial ? 'ویرایش پیوند' : 'افزودن پیوند'}
      submitLabel={initial ? 'ذخیرهٔ پیوند' : 'افزودن پیوند'}
      onSubmit={save}
      onClose={onClose}
      extra={
        onRemove && (
          <Button type="button" variant="secondary" onClick={onRemove}>
            برداشتن پیوند
          </Button>
        )
      }
    >
      <TextField
        label="نشانی پیوند"
        ltr
        data-autofocus
        placeholder="نشانی کامل یا مسیری از همین سایت"
        value={href}
        onChange={(value) => {
          setHref(value);
          setError(null);
        }}
        error={error}
        hint="نشانی کامل یا مسیری از همین سایت مثل ‎/prices"
      />
    </EditorDialog>
  );
}
