import { Button } from '../../../components/ui/Button';
import { CopyButton } from '../../../components/ui/CopyButton';
import { Modal } from '../../../components/ui/Modal';

/** The new token in plain text: the only time it is shown. */
export function NewTokenDialog({ token, onClose }: { token: string | null; onClose: () => void }) {
  return (
    <Modal
      open={token !== null}
      onClose={onClose}
      title="توکن API ساخته شد"
      description="این توکن را همین حالا کپی کنید و جای امنی نگه دارید؛ دیگر نمایش داده نمی‌شود."
      footer={
        <Button onClick={onClose} data-autofocus>
          کپی کردم، بستن
        </Button>
      }
    >
      <div className="space-y-3">
        <output
          id="new-api-token"
          dir="ltr"
          className="block rounded-lg bg-gray-100 p-3 font-mono text-sm break-all text-gray-900"
        >
          {token}
        </output>
        {token && <CopyButton value={token} label="کپی توکن" />}
      </div>
    </Modal>
  );
}
