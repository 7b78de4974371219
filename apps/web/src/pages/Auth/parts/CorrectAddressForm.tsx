import { useForm } from '@renderfarm/react';
import type { FormEvent } from 'react';
import { Button } from '../../../components/ui/Button';
import { formBinders } from '../../../components/ui/bind-field';
import { CancelButton } from '../../../components/ui/CancelButton';
import { EMAIL_INPUT } from '../../../components/ui/input-presets';
import { TextField } from '../../../components/ui/TextField';
import { useRoute } from '../../../lib/route';

/**
 * The address typed at sign-up, corrected on the verification notice: until one contact is
 * verified the profile page is closed to the account, so a typo would otherwise be a dead end.
 * A link goes to the new address; the one sent to the old address stops working.
 */
export function CorrectAddressForm({ onDone }: { onDone: () => void }) {
  const route = useRoute();
  const form = useForm({ email: '' });
  const { field } = formBinders(form);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    form.transform((data) => ({ email: data.email.trim() }));
    await form.put(route('verification.address.update'), { preserveScroll: true, onSuccess: onDone });
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <TextField
        label="نشانی درست ایمیل"
        {...field('email')}
        {...EMAIL_INPUT}
        maxLength={255}
        required
        autoFocus
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={form.processing}>
          ذخیره و فرستادن پیوند
        </Button>
        <CancelButton onClick={onDone} />
      </div>
    </form>
  );
}
