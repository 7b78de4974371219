/**
 * Whether the header shows this person a wallet balance: customers only. Staff (admin, care) rent
 * nothing, and a red «۰ تومان» on the public pages reads to them as a debt (the staff areas hide it
 * too: AppShell's `showBalance`).
 */
export function walletShown(user: { roles: string[] } | null | undefined): boolean {
  return Boolean(user) && !user!.roles.some((role) => role === 'admin' || role === 'care');
}
