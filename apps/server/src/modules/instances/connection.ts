import { randomInt } from 'node:crypto';

// No look-alikes (0/O, 1/l/I): the customer may have to type it into a remote-desktop prompt.
const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';
const SYMBOLS = '#%+=@';
const ALL = LOWER + UPPER + DIGITS + SYMBOLS;

/**
 * A new RDP password: 16 characters with every class Windows' complexity rule asks for
 * (lower, upper, digit, symbol), from a cryptographic source.
 */
export function newMachinePassword(length = 16): string {
  const pick = (set: string) => set[randomInt(set.length)]!;
  const chars = [pick(LOWER), pick(UPPER), pick(DIGITS), pick(SYMBOLS)];
  while (chars.length < length) chars.push(pick(ALL));
  // Fisher–Yates, so the required classes are not always first.
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}

/**
 * The `.rdp` file Windows' Remote Desktop opens (panel.instances.rdp): the public address and the
 * user name, never the password; CRLF line ends as mstsc writes them.
 */
export function rdpFile(connection: { host: string; port: number; username: string }): string {
  return [
    `full address:s:${connection.host}:${connection.port}`,
    `username:s:${connection.username}`,
    'prompt for credentials:i:1',
    'administrative session:i:0',
    'screen mode id:i:2',
    'session bpp:i:32',
    'audiomode:i:0',
    'redirectclipboard:i:1',
    'autoreconnection enabled:i:1',
    '',
  ].join('\r\n');
}

/** A file name for the machine's `.rdp` from its name: ASCII letters and digits, else the uuid. */
export function rdpFileName(name: string, uuid: string): string {
  const ascii = name
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  return `${ascii || `machine-${uuid.slice(0, 8)}`}.rdp`;
}
