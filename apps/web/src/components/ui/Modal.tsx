import { Description, Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import type { ReactNode } from 'react';

/**
 * A dialog that traps focus, closes on Escape and on a click outside, and gives focus back to the
 * button that opened it (Headless UI). `initialFocus` is marked with `data-autofocus`.
 */
export function Modal({
  open,
  onClose,
  title,
  description,
  children,
  footer,
  tone = 'default',
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  tone?: 'default' | 'danger';
}) {
  return (
    // The element with role="dialog" covers the viewport itself: with only fixed children it would
    // have no box, and tools that ask whether the dialog is shown (a11y trees, tests) would say no.
    <Dialog open={open} onClose={onClose} className="fixed inset-0 z-50">
      <div aria-hidden="true" className="fixed inset-0 bg-gray-900/50" />
      <div className="fixed inset-0 flex items-end justify-center overflow-y-auto p-0 sm:items-center sm:p-4">
        <DialogPanel className="w-full max-w-lg rounded-t-2xl bg-white p-5 shadow-xl sm:rounded-2xl sm:p-6">
          <DialogTitle
            className={`text-lg font-bold ${tone === 'danger' ? 'text-red-700' : 'text-gray-900'}`}
          >
            {title}
          </DialogTitle>
          {/* A div, not Headless UI's default <p>: ConfirmDialog puts its fields (a reason) here. */}
          {description && (
            <Description as="div" className="mt-2 text-sm leading-7 text-gray-600">
              {description}
            </Description>
          )}
          {children && <div className="mt-4">{children}</div>}
          {footer && <div className="mt-6 flex flex-wrap items-center justify-end gap-2">{footer}</div>}
        </DialogPanel>
      </div>
    </Dialog>
  );
}
