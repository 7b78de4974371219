import type { ButtonHTMLAttributes } from 'react';
import { Button } from './Button';

/** «انصراف»: leaves a dialog or a step without doing anything (never submits the form around it). */
export function CancelButton({
  variant = 'ghost',
  ...props
}: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'children'> & { variant?: 'ghost' | 'secondary' }) {
  return (
    <Button type="button" variant={variant} {...props}>
      انصراف
    </Button>
  );
}
