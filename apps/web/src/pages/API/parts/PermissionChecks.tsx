import { Checkbox } from '../../../components/ui/Checkbox';
import { abilityLabel } from './abilities';

/** One checkbox per ability, in a fieldset named for screen readers. */
export function PermissionChecks({
  available,
  value,
  onChange,
  error,
}: {
  available: string[];
  value: string[];
  onChange: (value: string[]) => void;
  error?: string | undefined;
}) {
  const toggle = (ability: string, on: boolean) =>
    onChange(
      on ? available.filter((a) => a === ability || value.includes(a)) : value.filter((a) => a !== ability),
    );
  return (
    <fieldset>
      <legend className="text-sm font-medium text-gray-800">دسترسی‌ها</legend>
      <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
        {available.map((ability) => (
          <Checkbox
            key={ability}
            name="permissions[]"
            label={abilityLabel(ability)}
            checked={value.includes(ability)}
            onChange={(on) => toggle(ability, on)}
          />
        ))}
      </div>
      <div aria-live="polite">{error && <p className="mt-1.5 text-sm text-red-700">{error}</p>}</div>
    </fieldset>
  );
}
