import type { EncryptedPage, Page } from './types';

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
  tabKey = undefined;
  return next;
}

const AES = { name: 'AES-GCM', length: 256 };
let tabKey: Promise<CryptoKey> | undefined;

/**
 * The key lives in memory only: it never reaches storage, and after a reload (or a clearHistory)
 * encrypted entries cannot be read any more, so they are fetched again from the server.
 */
function key(): Promise<CryptoKey> {
  tabKey ??= crypto.subtle.generateKey(AES, false, ['encrypt', 'decrypt']);
  return tabKey;
}

/** AES-GCM of the page's JSON; only the URL stays readable (to know what to reload). */
export async function encryptPage(page: Page): Promise<EncryptedPage> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const data = await crypto.subtle.encrypt(
    { ...AES, iv },
    await key(),
    new TextEncoder().encode(JSON.stringify(page)),
  );
  return { encrypted: true, iv, data, url: page.url };
}

/** The page, or undefined when the key is gone (history cleared, tab closed) or the data is damaged. */
export async function decryptPage({ iv, data }: EncryptedPage): Promise<Page | undefined> {
  try {
    const plain = await crypto.subtle.decrypt({ ...AES, iv }, await key(), data);
    return JSON.parse(new TextDecoder().decode(plain));
  } catch {
    return undefined;
  }
}
