/** The one spelling of an e-mail address that is stored and looked up: no spaces, lower case. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
