import { type FormEvent, useState } from 'react';
import { Button } from '../ui/Button';
import { Modal } from '../ui/Modal';
import { TextField } from '../ui/TextField';

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
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The dialog's form sits inside the page's form in the React tree: keep its submit here.
    event.stopPropagation();
    onInsert(alt.trim().replace(/\s+/g, ' ').slice(0, 200));
  };
  return (
    <Modal open onClose={onClose} title="افزودن تصویر">
      <form onSubmit={submit} noValidate className="mt-4 space-y-4">
        <TextField
          label="توضیح تصویر"
          data-autofocus
          maxLength={200}
          value={alt}
          onChange={setAlt}
          hint="چه چیزی در تصویر دیده می‌شود؟ برای کسانی که صفحه را با صفحه‌خوان می‌شنوند و برای موتورهای جست‌وجو. اگر تصویر فقط تزئینی است، خالی بگذارید."
        />
        <div className="flex flex-wrap gap-2">
          <Button type="submit">گذاشتن در متن</Button>
          <Button type="button" variant="ghost" onClick={onClose}>
            انصراف
          </Button>
        </div>
      </form>
    </Modal>
  );
}
