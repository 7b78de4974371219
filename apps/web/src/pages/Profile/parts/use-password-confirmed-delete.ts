import { useForm } from '@renderfarm/react';
import { type FormEvent, useState } from 'react';
import { useRoute } from '../../../lib/route';

/**
 * A DELETE that the current password confirms, asked in a dialog. Closing forgets what was typed
 * and any refusal, so the dialog opens clean next time; a refusal keeps it open with the password
 * cleared, since a wrong password is the usual cause. The route is resolved on submit, as a page
 * may render for a role whose route list lacks it.
 */
export function usePasswordConfirmedDelete(routeName: string) {
  const route = useRoute();
  const [open, setOpen] = useState(false);
  const form = useForm({ password: '' });

  const close = () => {
    setOpen(false);
    form.reset();
    form.clearErrors();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await form.delete(route(routeName), {
      preserveScroll: true,
      onSuccess: close,
      onError: () => form.reset('password'),
    });
  };

  return { form, open, show: () => setOpen(true), close, submit };
}
