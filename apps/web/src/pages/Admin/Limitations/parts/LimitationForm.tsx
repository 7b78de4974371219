import { useForm } from '@renderfarm/react';
import type { AdminLimitationFormProps } from '@server/modules/catalog/contracts';
import { CatalogForm } from '../../../../components/admin/CatalogForm';
import { formBinders } from '../../../../components/ui/bind-field';
import { Checkbox } from '../../../../components/ui/Checkbox';
import { FieldError } from '../../../../components/ui/FieldError';
import { MoneyInput } from '../../../../components/ui/MoneyInput';
import { SelectField } from '../../../../components/ui/SelectField';
import { TextField } from '../../../../components/ui/TextField';

const TOPUP_CAP = 'max_topup_unverified';

const SCOPES = [
  { value: 'global', label: 'همه', hint: '' },
  { value: 'role', label: 'یک نقش', hint: 'customer، care یا admin' },
  { value: 'hardware', label: 'یک پلن', hint: 'شناسه یا نامک پلن؛ مثل rtx-4090' },
  { value: 'user', label: 'یک کاربر', hint: 'شناسه، ایمیل یا موبایل کاربر' },
] as const;

/** The rule form of Admin/Limitations Make and Edit: scope and subject, key, value, active. */
export function LimitationForm({ limitation, keys }: Pick<AdminLimitationFormProps, 'limitation' | 'keys'>) {
  const form = useForm({
    scope: limitation?.scope ?? 'global',
    subject: limitation?.subject ?? '',
    key: limitation?.key ?? keys[0]?.key ?? '',
    // The top-up cap is kept in Rial and typed in Toman; the other limits are counts.
    value: limitation ? String(limitation.key === TOPUP_CAP ? limitation.value / 10 : limitation.value) : '',
    is_active: limitation?.is_active ?? true,
  });
  const { errors } = form;
  const { field, radio } = formBinders(form);
  const scope = SCOPES.find((s) => s.value === form.data.scope)!;
  return (
    <CatalogForm
      form={form}
      routes="admin.limitations"
      edit={limitation && { limitation: limitation.id }}
      noun="محدودیت"
    >
      <fieldset className="sm:col-span-2">
        <legend className="mb-2 text-sm font-medium text-gray-900">برای چه کسانی</legend>
        <div className="flex flex-wrap gap-2">
          {SCOPES.map((option) => (
            <label
              key={option.value}
              className="flex min-h-11 items-center gap-2 rounded-xl border border-gray-200 px-3 text-sm"
            >
              <input type="radio" {...radio('scope', option.value)} className="size-4 accent-brand-600" />
              {option.label}
            </label>
          ))}
        </div>
        <FieldError id="scope-error" error={errors.scope} />
      </fieldset>
      {form.data.scope !== 'global' && (
        <TextField label="نقش، پلن یا کاربر" ltr hint={scope.hint} {...field('subject')} />
      )}
      <SelectField
        label="محدودیت"
        {...field('key')}
        options={keys.map((k) => ({ value: k.key, label: k.label }))}
      />
      {form.data.key === TOPUP_CAP ? (
        <MoneyInput label="سقف شارژ" {...field('value')} />
      ) : (
        <TextField
          label="مقدار"
          inputMode="numeric"
          digits
          hint="شمارش است: سرور، ساعت، گیگابایت یا تیکت."
          {...field('value')}
        />
      )}
      <Checkbox label="فعال" checked={form.data.is_active} onChange={(on) => form.setData('is_active', on)} />
    </CatalogForm>
  );
}
