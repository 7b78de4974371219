import type { ReactNode } from 'react';

/** The links under a sign-in or sign-up form («حساب دارید؟ وارد شوید»), set apart by a hairline. */
export function AuthFooter({ children }: { children: ReactNode }) {
  return <div className="mt-6 space-y-2 border-t border-gray-100 pt-5 text-sm text-gray-600">{children}</div>;
}
