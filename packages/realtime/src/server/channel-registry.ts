/**
 * Channel authorisation registry for the app's /broadcasting/auth endpoint, in the style of
 * Laravel's `Broadcast::channel('instances.{id}', fn ($user, $id) => ...)`. Patterns are matched
 * against the channel name without its `private-`, `private-encrypted-` or `presence-` prefix
 * (PusherBroadcaster does the same), and `{param}` captures one dot-free segment.
 */

/** A callback's answer: false/null = forbidden, true = allowed, an object = presence user_info. */
export type ChannelDecision = boolean | null | undefined | Record<string, unknown>;

export type ChannelCallback<User> = (
  user: User,
  ...params: string[]
) => ChannelDecision | Promise<ChannelDecision>;

interface Definition<User> {
  pattern: string;
  regex: RegExp;
  callback: ChannelCallback<User>;
}

export interface ChannelMatch {
  pattern: string;
  params: Record<string, string>;
}

const PREFIXES = ['private-encrypted-', 'private-', 'presence-'];

export function stripChannelPrefix(channel: string): string {
  for (const prefix of PREFIXES) if (channel.startsWith(prefix)) return channel.slice(prefix.length);
  return channel;
}

function compile(pattern: string): { regex: RegExp; names: string[] } {
  const names: string[] = [];
  const source = pattern
    .split(/(\{[A-Za-z_][A-Za-z0-9_]*\})/)
    .map((part) => {
      const param = /^\{([A-Za-z_][A-Za-z0-9_]*)\}$/.exec(part);
      if (param) {
        names.push(param[1] ?? '');
        return '([^.]+)';
      }
      return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  return { regex: new RegExp(`^${source}$`), names };
}

export class ChannelRegistry<User = unknown> {
  private readonly definitions: (Definition<User> & { names: string[] })[] = [];

  /** Registers a pattern; later definitions do not override earlier ones (first match wins). */
  define(pattern: string, callback: ChannelCallback<User>): this {
    const { regex, names } = compile(stripChannelPrefix(pattern));
    this.definitions.push({ pattern, regex, names, callback });
    return this;
  }

  match(channel: string): ChannelMatch | undefined {
    const name = stripChannelPrefix(channel);
    for (const def of this.definitions) {
      const m = def.regex.exec(name);
      if (!m) continue;
      const params: Record<string, string> = {};
      def.names.forEach((n, i) => {
        params[n] = m[i + 1] ?? '';
      });
      return { pattern: def.pattern, params };
    }
    return undefined;
  }

  /** Runs the first matching callback; an unmatched channel is refused (returns false). */
  async authorize(user: User, channel: string): Promise<ChannelDecision> {
    const name = stripChannelPrefix(channel);
    for (const def of this.definitions) {
      const m = def.regex.exec(name);
      if (m) return def.callback(user, ...m.slice(1).map((v) => v ?? ''));
    }
    return false;
  }
}

export function createChannelRegistry<User = unknown>(): ChannelRegistry<User> {
  return new ChannelRegistry<User>();
}
