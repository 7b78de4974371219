import type { PanelPaymentsShowProps } from '@server/modules/billing/contracts';
import { Printer } from 'lucide-react';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { Screen } from '../../../components/ui/Screen';
import { PaymentFacts } from './parts/PaymentFacts';

/** `panel.payments.show` «رسید پرداخت»: the payment's facts, printable. */
export default function PaymentShow({ payment }: PanelPaymentsShowProps) {
  return (
    <Screen
      title="رسید پرداخت"
      actions={
        <Button variant="secondary" onClick={() => window.print()} className="print:hidden">
          <Printer aria-hidden="true" className="size-4" />
          چاپ رسید
        </Button>
      }
    >
      <Card className="max-w-xl p-6">
        <PaymentFacts payment={payment} />
      </Card>
    </Screen>
  );
}
