import { usePage } from '../../app/protocol';

/**
 * The signed-in person's id and the socket server's address, from the page props: each a plain
 * value, so an effect that subscribes can depend on them without subscribing again every render.
 */
export function useRealtimeProps() {
  const { props } = usePage();
  return {
    userId: props.auth?.user?.id ?? null,
    key: props.realtime?.key ?? null,
    host: props.realtime?.host ?? null,
    port: props.realtime?.port ?? null,
    scheme: props.realtime?.scheme ?? null,
  };
}
