import type { InertiaFormProps } from '@renderfarm/react';
import type { Option } from '@server/modules/admin/contracts';
import { bindField } from '../../../../components/ui/bind-field';
import { EMAIL_INPUT, MOBILE_INPUT, NAME_INPUT } from '../../../../components/ui/input-presets';
import { SelectField } from '../../../../components/ui/SelectField';
import { TextField } from '../../../../components/ui/TextField';

export interface ProfileData extends Record<string, unknown> {
  name: string;
  mobile: string;
  email: string;
  role: string;
}

/** Name, mobile, e-mail and role: the same fields on Make and Edit. */
export function ProfileFields<T extends ProfileData>({
  form,
  roles,
  roleLocked = null,
  roleHint,
}: {
  form: InertiaFormProps<T>;
  roles: Option[];
  /** Why the role cannot be changed here (one's own account), or null. */
  roleLocked?: string | null;
  roleHint?: string;
}) {
  const errors = form.errors as Record<string, string | undefined>;
  const f = form as unknown as InertiaFormProps<ProfileData>;
  return (
    <>
      <TextField label="نام و نام خانوادگی" {...bindField(f, errors, 'name')} {...NAME_INPUT} />
      <TextField
        label="شماره موبایل"
        {...bindField(f, errors, 'mobile')}
        {...MOBILE_INPUT}
        hint="با همین شماره و کد پیامکی وارد می‌شود."
      />
      <TextField
        label="ایمیل (اختیاری اگر موبایل دارد)"
        {...bindField(f, errors, 'email')}
        {...EMAIL_INPUT}
      />
      {roleLocked ? (
        <div className="grid gap-1.5 text-sm">
          <span className="font-medium text-gray-900">نقش</span>
          <span className="text-gray-600">{roleLocked}</span>
        </div>
      ) : (
        <SelectField label="نقش" {...bindField(f, errors, 'role')} options={roles} hint={roleHint} />
      )}
    </>
  );
}
