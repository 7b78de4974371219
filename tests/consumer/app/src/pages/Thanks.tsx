import { usePage } from '@renderfarm/react';

export function Thanks() {
  const { props } = usePage<{ sent: number }>();
  return <p>پیام‌های فرستاده: {props.sent}</p>;
}
