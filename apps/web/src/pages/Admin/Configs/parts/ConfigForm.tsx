import { useForm } from '@renderfarm/react';
import type { AdminConfigFormProps, ConfigRow } from '@server/modules/catalog/contracts';
import { CatalogForm } from '../../../../components/admin/CatalogForm';
import { formBinders } from '../../../../components/ui/bind-field';
import { Checkbox } from '../../../../components/ui/Checkbox';
import { MoneyInput } from '../../../../components/ui/MoneyInput';
import { labelOptions, SelectField } from '../../../../components/ui/SelectField';
import { TextAreaField } from '../../../../components/ui/TextAreaField';
import { TextField } from '../../../../components/ui/TextField';

export const TYPE_LABELS: Record<ConfigRow['type'], string> = {
  string: 'متن',
  number: 'عدد',
  boolean: 'بله/خیر',
  json: 'JSON',
  secret: 'رمز (نوشتنی)',
  rial: 'مبلغ (تومان)',
  percent: 'درصد',
};

function initialValue(config: ConfigRow | null): string | boolean {
  if (!config) return '';
  if (config.type === 'boolean') return config.value === true;
  if (config.type === 'secret') return '';
  if (config.type === 'json') return JSON.stringify(config.value, null, 2);
  // Stored in Rial, typed in Toman like every amount.
  if (config.type === 'rial') return String(Number(config.value ?? 0) / 10);
  return String(config.value ?? '');
}

/** The setting form: key and group, the type (fixed for keys the code reads), and a control for the type. */
export function ConfigForm({ config, groups }: Pick<AdminConfigFormProps, 'config' | 'groups'>) {
  const form = useForm({
    key: config?.key ?? '',
    group: config?.group ?? 'general',
    type: config?.type ?? ('string' as ConfigRow['type']),
    value: initialValue(config),
    description: config?.description ?? '',
    is_public: config?.is_public ?? false,
  });
  const { errors } = form;
  const { field } = formBinders(form);
  const type = form.data.type;
  const text = (value: string) => form.setData('value', value);
  return (
    <CatalogForm form={form} routes="admin.configs" edit={config && { config: config.key }} noun="تنظیم">
      <TextField label="کلید" ltr readOnly={Boolean(config)} {...field('key')} />
      <SelectField
        label="گروه"
        value={form.data.group}
        onChange={(group) => form.setData('group', group)}
        options={groups.map((g) => ({ value: g.group, label: g.label }))}
      />
      <SelectField
        label="نوع"
        value={type}
        disabled={config?.known}
        onChange={(value) => {
          form.setData('type', value as ConfigRow['type']);
          form.setData('value', value === 'boolean' ? false : '');
        }}
        options={labelOptions(TYPE_LABELS)}
        error={errors.type}
      />
      <div className="sm:col-span-2">
        {type === 'boolean' ? (
          <Checkbox
            label="روشن"
            checked={form.data.value === true}
            onChange={(on) => form.setData('value', on)}
            error={errors.value}
          />
        ) : type === 'json' ? (
          <TextAreaField
            label="مقدار (JSON)"
            dir="ltr"
            rows={5}
            value={String(form.data.value)}
            onChange={text}
            error={errors.value}
          />
        ) : type === 'rial' ? (
          <MoneyInput label="مقدار" value={String(form.data.value)} onChange={text} error={errors.value} />
        ) : (
          <TextField
            label={type === 'percent' ? 'مقدار (درصد، ۰ تا ۱۰۰)' : 'مقدار'}
            ltr={type !== 'string'}
            type={type === 'secret' ? 'password' : 'text'}
            autoComplete="off"
            inputMode={type === 'number' || type === 'percent' ? 'decimal' : undefined}
            hint={type === 'secret' && config ? 'ذخیره شده؛ خالی بگذارید تا همان بماند.' : undefined}
            value={String(form.data.value)}
            onChange={text}
            error={errors.value}
          />
        )}
      </div>
      <div className="sm:col-span-2">
        <TextAreaField label="توضیح" rows={2} {...field('description')} />
      </div>
      {type !== 'secret' && (
        <Checkbox
          label="عمومی (در همهٔ صفحه‌ها در دسترس)"
          checked={form.data.is_public}
          onChange={(on) => form.setData('is_public', on)}
        />
      )}
    </CatalogForm>
  );
}
