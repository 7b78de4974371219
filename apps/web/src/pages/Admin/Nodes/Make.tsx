import { useForm } from '@renderfarm/react';
import type { AdminNodesMakeProps } from '@server/modules/render/contracts';
import { KeyRound } from 'lucide-react';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { CopyButton } from '../../../components/ui/CopyButton';
import { JalaliTime } from '../../../components/ui/JalaliTime';
import { Ltr } from '../../../components/ui/Ltr';
import { Screen } from '../../../components/ui/Screen';
import { useRoute } from '../../../lib/route';

/**
 * `admin.nodes.make` «نود تازه»: a one-time enrolment token (24 hours) and the command that starts
 * a node with it on the render machine. The token is shown once, on the page after it is made.
 */
export default function NodeMake({ enrolment, manager_url }: AdminNodesMakeProps) {
  const route = useRoute();
  const form = useForm({});
  return (
    <Screen
      title="نود تازه"
      description="روی ماشین رندر، Node.js و Blender را نصب کنید، مخزن برنامه را بگیرید و فرمان زیر را اجرا کنید."
    >
      <Card className="grid gap-4 p-4 sm:p-5">
        {enrolment ? (
          <>
            <p className="text-sm leading-7 text-gray-700">
              این توکن تا <JalaliTime value={enrolment.expires_at} style="datetime" /> و فقط برای ثبت یک نود
              اعتبار دارد. همین حالا فرمان را بردارید: توکن دوباره نمایش داده نمی‌شود.
            </p>
            <div className="grid gap-2 rounded-xl border border-amber-300 bg-amber-50 p-3">
              <pre
                dir="ltr"
                className="overflow-x-auto font-mono text-xs leading-6 whitespace-pre-wrap break-all text-gray-900 [unicode-bidi:isolate]"
              >
                {enrolment.command}
              </pre>
              <div className="flex flex-wrap gap-2">
                <CopyButton value={enrolment.command} label="کپی فرمان" />
                <CopyButton value={enrolment.token} label="کپی توکن" />
              </div>
            </div>
          </>
        ) : (
          <p className="text-sm leading-7 text-gray-700">
            نود با یک توکن یک‌بارمصرف به برنامه در <Ltr>{manager_url}</Ltr> وصل می‌شود و توکن خودش را می‌گیرد؛ پس
            از ساختن، فرمان اجرای نود همین‌جا نمایش داده می‌شود.
          </p>
        )}
        <Button
          disabled={form.processing}
          onClick={() => void form.post(route('admin.nodes.store'))}
          variant={enrolment ? 'secondary' : 'primary'}
          className="justify-self-start"
        >
          <KeyRound aria-hidden="true" className="size-4" />
          {enrolment ? 'ساخت توکن دیگر' : 'ساخت توکن ثبت نود'}
        </Button>
      </Card>
    </Screen>
  );
}
