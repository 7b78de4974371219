import { useCallback, useEffect, useRef, useState } from 'react';
import { realtimeClient } from './realtime-client';
import { useRealtimeProps } from './use-realtime-props';

export interface Viewer {
  id: number;
  name: string;
}

/** How long a «typing» whisper counts: a colleague who stopped typing is no longer warned about. */
const TYPING_FRESH_MS = 6_000;
/** At most one whisper per this long while typing (the server allows 10 client events a second). */
const TYPING_EVERY_MS = 2_000;

/**
 * Who else has this ticket open on the care desk (presence `care.tickets.{uuid}`), and who of
 * them is typing a reply right now (whisper `typing`), so two colleagues do not answer the same
 * customer twice. `typed()` is called on every keystroke of the reply box; it whispers at most
 * every two seconds.
 */
export function useTicketPresence(uuid: string, me: Viewer) {
  const { key, host, port, scheme } = useRealtimeProps();
  const [others, setOthers] = useState<Viewer[]>([]);
  const [typing, setTyping] = useState<{ viewer: Viewer; at: number } | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const whisper = useRef<((data: Viewer) => void) | null>(null);
  const lastSent = useRef(0);

  useEffect(() => {
    if (!key) return;
    const client = realtimeClient({ key, host, port, scheme });
    const name = `care.tickets.${uuid}`;
    const channel = client.join(name);
    const sync = () =>
      setOthers(
        [...channel.members]
          .map(([id, info]) => ({ id: Number(id), name: String((info as { name?: unknown }).name ?? '') }))
          .filter((member) => member.id !== me.id),
      );
    channel
      .here(sync)
      .joining(sync)
      .leaving((member) => {
        sync();
        setTyping((current) =>
          current && current.viewer.name === String((member as { name?: unknown }).name ?? '')
            ? null
            : current,
        );
      });
    channel.listenForWhisper('typing', (data: unknown) => {
      const viewer = data as Partial<Viewer>;
      if (typeof viewer.id !== 'number' || typeof viewer.name !== 'string' || viewer.id === me.id) return;
      setTyping({ viewer: { id: viewer.id, name: viewer.name }, at: Date.now() });
    });
    whisper.current = (data) => channel.whisper('typing', data);
    return () => {
      whisper.current = null;
      client.leave(name);
    };
  }, [key, host, port, scheme, uuid, me.id]);

  // Ticks while a typing notice shows, so it goes away once it is stale.
  useEffect(() => {
    if (!typing) return;
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, [typing]);

  const typed = useCallback(() => {
    const at = Date.now();
    if (at - lastSent.current < TYPING_EVERY_MS) return;
    lastSent.current = at;
    whisper.current?.({ id: me.id, name: me.name });
  }, [me.id, me.name]);

  const typingNow = typing && now - typing.at < TYPING_FRESH_MS ? typing.viewer : null;
  return { others, typing: typingNow, typed };
}
