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

/** Starts a new generation and drops the encryption key, so older encrypted entries stay unreadable. */
export function nextGeneration(): number {
  const next = generation() + 1;
  sessionStorage.setItem(GENERATION, String(next));
  sessionStorage.removeItem(KEY);
  return next;
}

const AES = { name: 'AES-GCM', length: 256 };
const USES: KeyUsage[] = ['encrypt', 'decrypt'];

/** The tab's key, kept in sessionStorage (gone when the tab closes), created on first use. */
async function key(create: boolean): Promise<CryptoKey | undefined> {
  const stored = sessionStorage.getItem(KEY);
  if (stored) return crypto.subtle.importKey('jwk', JSON.parse(stored), AES, true, USES);
  if (!create) return undefined;
  const fresh = await crypto.subtle.generateKey(AES, true, USES);
  sessionStorage.setItem(KEY, JSON.stringify(await crypto.subtle.exportKey('jwk', fresh)));
  return fresh;
}

/** Whether this context can encrypt (WebCrypto exists only on https and localhost). */
export const canEncrypt = () => !!globalThis.crypto?.subtle;

/** AES-GCM of the page's JSON; only the URL stays readable (to know what to reload). */
export async function encryptPage(page: Page): Promise<EncryptedPage> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const data = await crypto.subtle.encrypt(
    { name: AES.name, iv },
    (await key(true))!,
    new TextEncoder().encode(JSON.stringify(page)),
  );
  return { encrypted: true, iv, data, url: page.url };
}

/** The page, or undefined when the key is gone (history cleared, tab closed) or the data is damaged. */
export async function decryptPage({ iv, data }: EncryptedPage): Promise<Page | undefined> {
  try {
    const plain = await crypto.subtle.decrypt({ name: AES.name, iv }, (await key(false))!, data);
    return JSON.parse(new TextDecoder().decode(plain));
  } catch {
    return undefined;
  }
}
