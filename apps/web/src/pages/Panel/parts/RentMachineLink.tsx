import { Plus } from 'lucide-react';
import type { ReactNode } from 'react';
import { ButtonLink } from '../../../components/ui/Button';
import { useRoute } from '../../../lib/route';

/**
 * «اجاره سرور جدید» as a button, where this customer may order a machine; `null` when the route
 * was not sent to them or `hidden` (a suspended account), so a title row or an empty state leaves
 * no room for it.
 */
export function useRentMachineLink(hidden = false): ReactNode {
  const route = useRoute();
  if (hidden || !route.has('panel.instances.make')) return null;
  return (
    <ButtonLink href={route('panel.instances.make')}>
      <Plus aria-hidden="true" className="size-4" />
      اجاره سرور جدید
    </ButtonLink>
  );
}
