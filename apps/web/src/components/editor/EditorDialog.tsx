import type { FormEvent, ReactNode } from 'react';
import { Button } from '../ui/Button';
import { CancelButton } from '../ui/CancelButton';
import { Modal } from '../ui/Modal';

/**
 * A small form over the editor (a link's address, an image's description): its fields, the submit
 * button, any extra action, and «انصراف».
 */
export function EditorDialog({
  title,
  submitLabel,
  onSubmit,
  onClose,
  extra,
  children,
}: {
  title: string;
  submitLabel: string;
  onSubmit: () => void;
  onClose: () => void;
  extra?: ReactNode;
  children: ReactNode;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The dialog's form sits inside the page's form in the React tree: keep its submit here.
    event.stopPropagation();
    onSubmit();
  };
  return (
    <Modal open onClose={onClose} title={title}>
      <form onSubmit={submit} noValidate className="mt-4 space-y-4">
        {children}
        <div className="flex flex-wrap gap-2">
          <Button type="submit">{submitLabel}</Button>
          {extra}
          <CancelButton onClick={onClose} />
        </div>
      </form>
    </Modal>
  );
}
