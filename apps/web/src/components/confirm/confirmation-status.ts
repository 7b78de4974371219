/**
 * Asks the server whether the password was confirmed recently (`password.confirmation`, JSON
 * `{confirmed}`). Any failure counts as "not confirmed": the dialog then asks, which is safe.
 */
export async function isPasswordConfirmed(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, {
      headers: { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
      credentials: 'same-origin',
    });
    if (!response.ok) return false;
    const body = (await response.json()) as { confirmed?: unknown };
    return body.confirmed === true;
  } catch {
    return false;
  }
}
