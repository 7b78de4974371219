import type { Database } from '../../db/client';
import { DEMO_TICKETS } from '../../db/demo-data';
import type { DemoSeedContext } from '../app-module';
import { DEMO_ATTACHMENTS } from './demo-attachments';
import {
  type TicketPriority,
  type TicketStatus,
  ticketAttachments,
  ticketCannedReplies,
  ticketMessages,
  tickets,
} from './tables';

/** Ready answers for the care desk (Care/Tickets/Edit «پاسخ آماده»). */
const CANNED_REPLIES = [
  {
    title: 'خوشامد و پیگیری',
    body: 'سلام، وقت بخیر. پیام شما رسید و در حال بررسی است؛ نتیجه را همین‌جا به شما خبر می‌دهیم.',
    department: null,
  },
  {
    title: 'اتصال ریموت دسکتاپ',
    body: 'لطفاً یک بار سرور را از پنل خاموش و روشن کنید و دوباره با فایل .rdp دانلودشده از صفحهٔ سرور وصل شوید. اگر باز هم وصل نشد، زمان تلاش و پیام خطا را بفرستید.',
    department: 'فنی',
  },
  {
    title: 'کمبود حافظهٔ کارت گرافیک',
    body: 'خطای «out of memory» یعنی صحنه از حافظهٔ کارت گرافیک بزرگ‌تر است. اندازهٔ بافت‌ها را کم کنید یا به پلنی با حافظهٔ گرافیکی بیشتر بروید؛ در صفحهٔ «اجاره سرور جدید» پلن‌ها را مقایسه کنید.',
    department: 'فنی',
  },
  {
    title: 'فاکتور رسمی',
    body: 'برای فاکتور رسمی، مشخصات صورت‌حساب (نام شرکت، شناسهٔ ملی و نشانی) را در «حساب کاربری» کامل کنید؛ فاکتورهای بعدی با همان مشخصات صادر می‌شوند.',
    department: 'مالی',
  },
  {
    title: 'بستن تیکت پس از حل مشکل',
    body: 'خوشحالیم که مشکل حل شد. اگر پرسش دیگری دارید همین‌جا بنویسید؛ در غیر این صورت تیکت چند روز دیگر خودکار بسته می‌شود.',
    department: null,
  },
];

interface ExtraMessage {
  by: 'customer' | 'care' | 'guest';
  hoursAgo: number;
  body: string;
  internal?: boolean;
  file?: keyof typeof DEMO_ATTACHMENTS;
}

/**
 * More of the desk's daily life on top of the demo-data tickets: a ticket on hold with an internal
 * note and a log file, one waiting on care after the customer's reply with a screenshot, and a
 * guest's question by mobile. Statuses other than answered and closed, which other tests count.
 */
const DESK_TICKETS: {
  from: 'customer' | { name: string; mobile: string };
  subject: string;
  department: string;
  priority: TicketPriority;
  status: TicketStatus;
  assigned: boolean;
  messages: ExtraMessage[];
}[] = [
  {
    from: 'customer',
    subject: 'خطای کمبود حافظه در رندر V-Ray',
    department: 'فنی',
    priority: 'high',
    status: 'on_hold',
    assigned: true,
    messages: [
      {
        by: 'customer',
        hoursAgo: 30,
        body: 'رندر فریم ۱۲۰ با خطای حافظه می‌ایستد. گزارش رندر را پیوست کردم.',
        file: 'tickets/demo-render-log',
      },
      {
        by: 'care',
        hoursAgo: 29,
        internal: true,
        body: 'حافظهٔ کارت پر است؛ با واحد زیرساخت دربارهٔ پلن ۴۸ گیگابایتی هماهنگ کردم، منتظر پاسخ آن‌ها هستیم.',
      },
      {
        by: 'care',
        hoursAgo: 28,
        body: 'سلام، گزارش را دیدیم: صحنه بیش از حافظهٔ کارت گرافیک نیاز دارد. در حال بررسی جابه‌جایی شما به میزبانی با حافظهٔ بیشتر هستیم و نتیجه را خبر می‌دهیم.',
      },
    ],
  },
  {
    from: 'customer',
    subject: 'نمایش نادرست فونت فارسی در 3ds Max',
    department: 'فنی',
    priority: 'medium',
    status: 'customer_reply',
    assigned: true,
    messages: [
      { by: 'customer', hoursAgo: 50, body: 'متن‌های فارسی در صحنه به‌صورت حروف جدا نمایش داده می‌شوند.' },
      {
        by: 'care',
        hoursAgo: 48,
        body: 'سلام، فونت‌های فارسی را در پوشهٔ Fonts ویندوز سرور نصب کنید و 3ds Max را دوباره باز کنید.',
      },
      {
        by: 'customer',
        hoursAgo: 30,
        body: 'نصب کردم ولی هنوز درست نشده؛ تصویر صفحه را می‌فرستم.',
        file: 'tickets/demo-screenshot',
      },
    ],
  },
  {
    from: { name: 'خانم احمدی', mobile: '09351234567' },
    subject: 'تخفیف برای دانشجویان معماری',
    department: 'فروش',
    priority: 'low',
    status: 'open',
    assigned: false,
    messages: [
      {
        by: 'guest',
        hoursAgo: 40,
        body: 'برای پروژهٔ پایانی دانشگاه به چند روز رندر نیاز داریم. آیا برای دانشجویان تخفیف دارید؟',
      },
    ],
  },
];

/** The demo tickets, with their threads dated in the past as if they had happened. */
export async function seedDemoTickets(db: Database, { userIds }: DemoSeedContext): Promise<void> {
  const hoursAgo = (hours: number) => new Date(Date.now() - hours * 60 * 60 * 1000);
  const careId = userIds.get('care')!;
  const customerId = userIds.get('customer')!;
  for (const demoTicket of DEMO_TICKETS) {
    const { from, messages, rating, ...fields } = demoTicket;
    const guest = from === 'customer' ? null : from;
    const authorId = guest ? null : customerId;
    const last = messages.at(-1)!;
    const [ticket] = await db
      .insert(tickets)
      .values({
        ...fields,
        userId: authorId,
        guestName: guest?.name ?? null,
        guestEmail: guest?.email ?? null,
        assigneeId: messages.some((m) => m.by === 'care') ? careId : null,
        rating: rating ?? null,
        createdAt: hoursAgo(messages[0]!.hoursAgo),
        lastMessageAt: hoursAgo(last.hoursAgo),
        closedAt: fields.status === 'closed' ? hoursAgo(last.hoursAgo - 1) : null,
      })
      .returning({ id: tickets.id });
    await db.insert(ticketMessages).values(
      messages.map((m) => ({
        ticketId: ticket!.id,
        authorId: m.by === 'care' ? careId : authorId,
        body: m.body,
        createdAt: hoursAgo(m.hoursAgo),
      })),
    );
  }

  for (const demo of DESK_TICKETS) {
    const guest = demo.from === 'customer' ? null : demo.from;
    const publicMessages = demo.messages.filter((m) => !m.internal);
    const [ticket] = await db
      .insert(tickets)
      .values({
        userId: guest ? null : customerId,
        guestName: guest?.name ?? null,
        guestMobile: guest?.mobile ?? null,
        subject: demo.subject,
        department: demo.department,
        priority: demo.priority,
        status: demo.status,
        assigneeId: demo.assigned ? careId : null,
        createdAt: hoursAgo(demo.messages[0]!.hoursAgo),
        lastMessageAt: hoursAgo(publicMessages.at(-1)!.hoursAgo),
      })
      .returning({ id: tickets.id });
    for (const m of demo.messages) {
      const [message] = await db
        .insert(ticketMessages)
        .values({
          ticketId: ticket!.id,
          authorId: m.by === 'care' ? careId : m.by === 'customer' ? customerId : null,
          body: m.body,
          internal: m.internal ?? false,
          createdAt: hoursAgo(m.hoursAgo),
        })
        .returning({ id: ticketMessages.id });
      if (m.file) {
        const file = DEMO_ATTACHMENTS[m.file]!;
        await db.insert(ticketAttachments).values({
          messageId: message!.id,
          path: m.file,
          name: file.name,
          mime: file.mime,
          size: file.bytes().length,
          createdAt: hoursAgo(m.hoursAgo),
        });
      }
    }
  }

  await db.insert(ticketCannedReplies).values(CANNED_REPLIES.map((reply, sort) => ({ ...reply, sort })));
}
