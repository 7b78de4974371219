import type { ButtonHTMLAttributes } from 'react';
import { Link, type LinkProps } from '../../app/protocol';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

const VARIANTS: Record<ButtonVariant, string> = {
  primary: 'bg-brand-600 text-white shadow-sm hover:bg-brand-700 active:bg-brand-800',
  secondary: 'bg-white text-gray-800 ring-1 ring-gray-300 ring-inset shadow-sm hover:bg-gray-50',
  ghost: 'text-gray-700 hover:bg-gray-100',
  danger: 'bg-red-600 text-white shadow-sm hover:bg-red-700',
};

const SIZES: Record<ButtonSize, string> = {
  sm: 'h-8 gap-1.5 px-3 text-sm',
  md: 'h-10 gap-2 px-4 text-sm',
  lg: 'h-12 gap-2 px-6 text-base',
};

/** The classes of a button, for the rare element that must look like one without being one. */
export function buttonClasses(variant: ButtonVariant = 'primary', size: ButtonSize = 'md'): string {
  return `inline-flex shrink-0 items-center justify-center rounded-lg font-medium whitespace-nowrap transition-colors disabled:cursor-not-allowed disabled:opacity-60 ${VARIANTS[variant]} ${SIZES[size]}`;
}

interface Look {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

export function Button({
  variant,
  size,
  className = '',
  type = 'button',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & Look) {
  return <button type={type} className={`${buttonClasses(variant, size)} ${className}`} {...props} />;
}

/** A link that looks like a button: navigation stays a link for screen readers and middle-click. */
export function ButtonLink({ variant, size, className = '', ...props }: LinkProps & Look) {
  return <Link className={`${buttonClasses(variant, size)} ${className}`} {...props} />;
}
