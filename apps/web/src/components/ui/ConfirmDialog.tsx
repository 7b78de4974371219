import { type ReactNode, useEffect, useId, useState } from 'react';
import { Button } from './Button';
import { Modal } from './Modal';
import { TextField } from './TextField';

/**
 * «Are you sure?» before an action that cannot be taken back. For dangerous ones, `typeToConfirm`
 * (a machine's name, a drive's name) must be typed exactly before the button works, as cloud
 * panels ask before deleting. The dialog stays open while `busy`.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel = 'انصراف',
  danger = false,
  typeToConfirm,
  busy = false,
  error,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  danger?: boolean;
  typeToConfirm?: string;
  busy?: boolean;
  /** The server's refusal, shown in the dialog rather than behind it. */
  error?: string | null | undefined;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const [typed, setTyped] = useState('');
  const inputId = useId();
  useEffect(() => {
    if (!open) setTyped('');
  }, [open]);
  const matches = !typeToConfirm || typed.trim() === typeToConfirm;
  return (
    <Modal
      open={open}
      onClose={() => !busy && onCancel()}
      title={title}
      description={children}
      tone={danger ? 'danger' : 'default'}
      footer={
        <>
          {/* Focus starts on «cancel»: Enter on an open dialog never does the dangerous thing. */}
          <Button variant="ghost" onClick={onCancel} disabled={busy} data-autofocus>
            {cancelLabel}
          </Button>
          <Button variant={danger ? 'danger' : 'primary'} onClick={onConfirm} disabled={!matches || busy}>
            {busy ? 'در حال ارسال…' : confirmLabel}
          </Button>
        </>
      }
    >
      {(typeToConfirm || error) && (
        <div className="space-y-3">
          {typeToConfirm && (
            <TextField
              id={inputId}
              label={`برای تأیید، «${typeToConfirm}» را بنویسید`}
              value={typed}
              onChange={setTyped}
              autoComplete="off"
              error={error}
            />
          )}
          {!typeToConfirm && error && (
            <p role="alert" className="text-sm text-red-700">
              {error}
            </p>
          )}
        </div>
      )}
    </Modal>
  );
}
