import { useState } from 'react';
import { TextField } from '../ui/TextField';
import { EditorDialog } from './EditorDialog';

/**
 * Asked once an image is uploaded, before it goes into the text: what the picture shows, for screen
 * readers, search engines and a picture that does not load. Empty marks it as decoration.
 */
export function ImageAltDialog({
  onInsert,
  onClose,
}: {
  onInsert: (alt: string) => void;
  onClose: () => void;
}) {
  const [alt, setAlt] = useState('');
  return (
    <EditorDialog
      title="افزودن تصویر"
      submitLabel="گذاشتن در متن"
      onSubmit={() => onInsert(alt.trim().replace(/\s+/g, ' ').slice(0, 200))}
      onClose={onClose}
    >
      <TextField
        label="توضیح تصویر"
        data-autofocus
        maxLength={200}
        value={alt}
        onChange={setAlt}
        hint="چه چیزی در تصویر دیده می‌شود؟ برای کسانی که صفحه را با صفحه‌خوان می‌شنوند و برای موتورهای جست‌وجو. اگر تصویر فقط تزئینی است، خالی بگذارید."
      />
    </EditorDialog>
  );
}
