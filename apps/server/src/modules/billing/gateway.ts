import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { PaymentGateway } from './tables';
import { createTestGateway } from './test-gateway';
import { createZarinpalClient, type ZarinpalClient } from './zarinpal';

/** The gateway the farm takes payments through, and how the customer sees it named. */
export interface PaymentGatewayClient extends ZarinpalClient {
  readonly name: PaymentGateway;
  readonly label: string;
}

/**
 * Zarinpal when a merchant id is set; otherwise the built-in test gateway, which exists only then
 * (its routes answer 404 as soon as a merchant id is configured).
 */
export function createPaymentGateway(config: Config, db: Database): PaymentGatewayClient {
  if (config.ZARINPAL_MERCHANT_ID) {
    return {
      name: 'zarinpal',
      label: 'زرین‌پال',
      ...createZarinpalClient({
        merchantId: config.ZARINPAL_MERCHANT_ID,
        sandbox: config.ZARINPAL_SANDBOX,
        ...(config.ZARINPAL_BASE_URL ? { baseUrl: config.ZARINPAL_BASE_URL } : {}),
      }),
    };
  }
  return { name: 'test', label: 'درگاه آزمایشی', ...createTestGateway(db, config.APP_URL) };
}
