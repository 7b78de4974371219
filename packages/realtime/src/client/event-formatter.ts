/**
 * Event-name namespacing as Laravel Echo does it: `listen('InstanceUpdated')` binds
 * `App\Events\InstanceUpdated`; a leading `.` or `\` opts out (for `broadcastAs` names).
 */
export function formatEventName(event: string, namespace: string | false): string {
  const first = event.charAt(0);
  if (first === '.' || first === '\\') return event.slice(1);
  const full = namespace ? `${namespace}.${event}` : event;
  return full.replace(/\./g, '\\');
}
