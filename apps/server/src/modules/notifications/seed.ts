import type { Database } from '../../db/client';
import type { DemoSeedContext } from '../app-module';
import { notifications } from './tables';

const HOUR = 60 * 60_000;

/**
 * The demo customer's notifications: a few read ones from the past days and two new ones, so the
 * bell counts and Panel/Notifications has a history (written as `notify` would have stored them).
 */
export async function seedDemoNotifications(db: Database, demo: DemoSeedContext): Promise<void> {
  const userId = demo.userIds.get('customer')!;
  const ago = (hours: number) => new Date(demo.now.getTime() - hours * HOUR);
  await db.insert(notifications).values([
    {
      userId,
      event: 'payment',
      key: 'seed:payment',
      title: 'کیف پول شما شارژ شد',
      body: 'پرداخت شما تأیید شد و ۵٬۰۰۰٬۰۰۰ تومان به کیف پول افزوده شد.',
      url: '/panel/items',
      readAt: ago(300),
      createdAt: ago(312),
    },
    {
      userId,
      event: 'machine_stopped',
      key: 'seed:idle-stop',
      title: 'سرور «انیمیشن کوتاه بلندر» خاموش شد',
      body: 'این سرور ۱۲۰ دقیقه بیکار بود و طبق تنظیم خاموشی خودکار خاموش شد تا هزینهٔ بی‌جا کم نشود.',
      url: '/panel/instances',
      readAt: ago(40),
      createdAt: ago(43),
    },
    {
      userId,
      event: 'ticket_answered',
      key: 'seed:ticket-answered',
      title: 'پشتیبانی به تیکت «قطع و وصل شدن ریموت دسکتاپ هنگام رندر» پاسخ داد',
      body: 'پاسخ پشتیبانی را در صفحهٔ تیکت بخوانید؛ اگر مشکل ماند، در همان‌جا بنویسید.',
      url: '/panel/tickets',
      createdAt: ago(20),
    },
    {
      userId,
      event: 'news',
      key: 'seed:news-tabriz',
      title: 'سرورهای RTX 4090 به تبریز رسید',
      body: 'از این هفته می‌توانید سرورهای RTX 4090 را در دیتاسنتر تبریز هم اجاره کنید؛ با همان تعرفهٔ تهران.',
      url: '/blog/rtx-4090-arrived',
      createdAt: ago(2),
    },
  ]);
}
