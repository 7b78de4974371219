import { ArrowLeft, ArrowRight, ChevronLeft, ChevronRight, type LucideProps } from 'lucide-react';

/*
 * Icons that point say "forward" or "back", and which way that is depends on the reading
 * direction. They are drawn for left-to-right and flipped under `dir="rtl"`, so the same code
 * reads right in either direction: «ادامه ←» in Persian.
 */
const MIRROR = 'rtl:-scale-x-100';

export function ForwardArrow({ className = '', ...props }: LucideProps) {
  return <ArrowRight aria-hidden="true" className={`${MIRROR} ${className}`} {...props} />;
}

export function BackArrow({ className = '', ...props }: LucideProps) {
  return <ArrowLeft aria-hidden="true" className={`${MIRROR} ${className}`} {...props} />;
}

export function ChevronForward({ className = '', ...props }: LucideProps) {
  return <ChevronRight aria-hidden="true" className={`${MIRROR} ${className}`} {...props} />;
}

export function ChevronBack({ className = '', ...props }: LucideProps) {
  return <ChevronLeft aria-hidden="true" className={`${MIRROR} ${className}`} {...props} />;
}
