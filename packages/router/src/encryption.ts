import type { EncryptedPage, Page } from './types';

const KEY = 'rf:history-key';
const GENERATION = 'rf:history-generation';

/**
 * Which "history generation" is current. A page with `clearHistory` (sent on logout) starts a new
 * one; entries written in an older generation are never shown from history again but fetched from
 * the server, so Back after logout cannot bring account data back (inertiajs/inertia#247).
 */
export function generation(): number {
  return Number(sessionStorage.getItem(GENERATION) ?? 0);
}

export function nextGeneration(): number {
  const next = generation() + 1;
  sessionStorage.setItem(GENERATION, String(next));
  sessionStorage.removeItem(KEY);
  return next;
}

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

async function key(create: boolean): Promise<CryptoKey | undefined> {
  const stored = sessionStorage.getItem(KEY);
  if (stored)
    return crypto.subtle.importKey('raw', fromBase64(stored), 'AES-GCM', true, ['encrypt', 'decrypt']);
  if (!create) return undefined;
  const fresh = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, true, [
    'encrypt',
    'decrypt',
  ]);
  sessionStorage.setItem(KEY, toBase64(new Uint8Array(await crypto.subtle.exportKey('raw', fresh))));
  return fresh;
}

/** Whether this context can encrypt (WebCrypto exists only on https and localhost). */
export const canEncrypt = () => typeof crypto !== 'undefined' && !!crypto.subtle;

/** AES-GCM with a key kept in sessionStorage (gone when the tab closes, rotated by clearHistory). */
export async function encryptPage(page: Page): Promise<EncryptedPage> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const data = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv },
    (await key(true))!,
    new TextEncoder().encode(JSON.stringify(page)),
  );
  return { encrypted: true, iv: toBase64(iv), data: toBase64(new Uint8Array(data)), url: page.url };
}

/** The page, or undefined when the key is gone (history cleared, tab closed) or the data is damaged. */
export async function decryptPage(stored: EncryptedPage): Promise<Page | undefined> {
  try {
    const current = await key(false);
    if (!current) return undefined;
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: fromBase64(stored.iv) },
      current,
      fromBase64(stored.data),
    );
    return JSON.parse(new TextDecoder().decode(plain)) as Page;
  } catch {
    return undefined;
  }
}
