import { useForm } from '@renderfarm/react';
import type { AdminUsersMakeProps } from '@server/modules/admin/contracts';
import { ConfirmsPasswordForm } from '../../../components/confirm/ConfirmsPasswordForm';
import { Button } from '../../../components/ui/Button';
import { formBinders } from '../../../components/ui/bind-field';
import { Card } from '../../../components/ui/Card';
import { Checkbox } from '../../../components/ui/Checkbox';
import { NEW_PASSWORD_INPUT } from '../../../components/ui/input-presets';
import { Screen } from '../../../components/ui/Screen';
import { TextField } from '../../../components/ui/TextField';
import { useRoute } from '../../../lib/route';
import { ProfileFields } from './parts/ProfileFields';

/**
 * `admin.users.make` «کاربر جدید»: an account made by an admin: name, mobile and/or e-mail, role,
 * an optional first password, and a welcome SMS that says where to sign in.
 */
export default function AdminUsersMake({ options }: AdminUsersMakeProps) {
  const route = useRoute();
  const form = useForm({
    name: '',
    mobile: '',
    email: '',
    role: 'customer',
    password: '',
    welcome_sms: true,
  });
  const { field, checkbox } = formBinders(form);
  const send = () => void form.post(route('admin.users.store'));
  return (
    <Screen
      title="کاربر جدید"
      description="حساب ساخته می‌شود و کاربر با شمارهٔ موبایلش (کد پیامکی) یا رمزی که این‌جا می‌گذارید وارد می‌شود."
    >
      <Card className="max-w-2xl p-4 sm:p-6">
        <ConfirmsPasswordForm
          onConfirmed={send}
          description="ساختن حساب کار مدیر است؛ رمز عبورتان را وارد کنید."
          className="grid gap-4"
        >
          {(checking) => (
            <>
              <ProfileFields form={form} roles={options.roles} />
              <TextField
                label="رمز عبور (اختیاری)"
                {...field('password')}
                hint="خالی بماند تا کاربر با کد پیامکی وارد شود و خودش رمز بگذارد."
                {...NEW_PASSWORD_INPUT}
              />
              <Checkbox {...checkbox('welcome_sms')} label="پیامک خوش‌آمد با نشانی ورود فرستاده شود" />
              <div>
                <Button type="submit" disabled={form.processing || checking}>
                  ساختن حساب
                </Button>
              </div>
            </>
          )}
        </ConfirmsPasswordForm>
      </Card>
    </Screen>
  );
}
