import type { FormEvent, ReactNode, RefObject } from 'react';
import { Head } from '../../app/protocol';
import { FormAlert } from '../ui/FormAlert';
import { AuthHeading } from './AuthHeading';

/**
 * The page of one auth step: the tab's title, the heading with its one line on what to do, then
 * the step's form. `formRef` is `useFocusedErrors`' (the first invalid field takes the focus);
 * `status` is the server's notice after an earlier step («پیوند فرستاده شد»), shown above the form.
 */
export function AuthForm({
  tab,
  title = tab,
  intro,
  status,
  formRef,
  onSubmit,
  children,
}: {
  tab: string;
  title?: string;
  intro: ReactNode;
  status?: string | null;
  formRef: RefObject<HTMLFormElement | null>;
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
}) {
  return (
    <>
      <Head title={tab} />
      <AuthHeading title={title}>{intro}</AuthHeading>
      {status !== undefined && (
        <FormAlert tone="success" className="mb-4">
          {status}
        </FormAlert>
      )}
      <form ref={formRef} onSubmit={onSubmit} noValidate className="space-y-5">
        {children}
      </form>
    </>
  );
}
