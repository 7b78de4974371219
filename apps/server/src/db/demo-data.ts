// The demo data set: enough real records that every area of the app shows something on first start.
// Amounts are Rial (the UI shows Toman: 950_000 Rial = ۹۵٬۰۰۰ تومان).

import type { ConfigType } from '../modules/catalog/tables';

export const DEMO_PASSWORD = 'password';

export const DEMO_USERS = [
  { key: 'admin', name: 'مدیر سامانه', email: 'admin@renderfarm.test', mobile: '09120000001', role: 'admin' },
  { key: 'care', name: 'سارا پشتیبان', email: 'care@renderfarm.test', mobile: '09120000002', role: 'care' },
  {
    key: 'customer',
    name: 'علی رضایی',
    email: 'customer@renderfarm.test',
    mobile: '09120000000',
    role: 'customer',
  },
] as const;

export const DEMO_CUSTOMER_TOPUP = 50_000_000;
export const DEMO_CUSTOMER_BONUS = 2_000_000;

export const DEMO_LOCATIONS = [
  { code: 'thr1', name: 'تهران ۱ (آسیاتک)', city: 'تهران', isActive: true, sort: 1 },
  { code: 'tbz1', name: 'تبریز ۱', city: 'تبریز', isActive: true, sort: 2 },
  { code: 'mhd1', name: 'مشهد ۱', city: 'مشهد', isActive: false, sort: 3 },
];

export const DEMO_HARDWARES = [
  {
    slug: 'rtx-3090',
    title: 'اقتصادی RTX 3090',
    gpuModel: 'NVIDIA GeForce RTX 3090',
    gpuCount: 1,
    vramGb: 24,
    cpuModel: 'AMD Ryzen 9 5950X',
    cpuCores: 16,
    ramGb: 64,
    diskGb: 512,
    pricePerHour: 650_000,
    sort: 1,
  },
  {
    slug: 'rtx-4090',
    title: 'حرفه‌ای RTX 4090',
    gpuModel: 'NVIDIA GeForce RTX 4090',
    gpuCount: 1,
    vramGb: 24,
    cpuModel: 'AMD Ryzen 9 7950X',
    cpuCores: 16,
    ramGb: 128,
    diskGb: 1024,
    pricePerHour: 950_000,
    sort: 2,
  },
  {
    slug: 'rtx-4090-x2',
    title: 'دوگانه RTX 4090 ×۲',
    gpuModel: 'NVIDIA GeForce RTX 4090',
    gpuCount: 2,
    vramGb: 48,
    cpuModel: 'AMD Threadripper PRO 5975WX',
    cpuCores: 32,
    ramGb: 256,
    diskGb: 2048,
    pricePerHour: 1_800_000,
    sort: 3,
  },
  {
    slug: 'rtx-a6000',
    title: 'ایستگاه کاری RTX A6000',
    gpuModel: 'NVIDIA RTX A6000',
    gpuCount: 1,
    vramGb: 48,
    cpuModel: 'Intel Xeon W-2295',
    cpuCores: 18,
    ramGb: 192,
    diskGb: 2048,
    pricePerHour: 1_500_000,
    sort: 4,
  },
];

export const DEMO_IMAGES = [
  {
    name: '3ds Max و V-Ray',
    os: 'Windows Server 2022',
    software: ['3ds Max 2025', 'V-Ray 6', 'Corona 11', 'Forest Pack', 'RailClone'],
    driverRef: 'win2022-3dsmax-2025',
    sort: 1,
  },
  {
    name: 'Blender',
    os: 'Windows Server 2022',
    software: ['Blender 4.2 LTS', 'Cycles', 'Octane for Blender'],
    driverRef: 'win2022-blender-42',
    sort: 2,
  },
  {
    name: 'Cinema 4D و Redshift',
    os: 'Windows Server 2022',
    software: ['Cinema 4D 2025', 'Redshift 3.6', 'Octane'],
    driverRef: 'win2022-c4d-2025',
    sort: 3,
  },
  {
    name: 'Lumion و D5',
    os: 'Windows 11 Pro',
    software: ['Lumion 2024', 'D5 Render 2.9', 'Twinmotion 2024'],
    driverRef: 'win11-lumion-2024',
    sort: 4,
  },
  {
    name: 'Revit و Enscape',
    os: 'Windows 11 Pro',
    software: ['Revit 2025', 'Enscape 4', 'V-Ray for Revit'],
    driverRef: 'win11-revit-2025',
    sort: 5,
  },
];

/** Hosts: `location code`, `plan slug`, how many machines they can hold. Addresses are private. */
export const DEMO_RESOURCES = [
  {
    name: 'thr1-gpu-01',
    location: 'thr1',
    hardware: 'rtx-4090',
    address: '10.10.1.11',
    capacity: 4,
    ip: '185.213.10.21',
  },
  {
    name: 'thr1-gpu-02',
    location: 'thr1',
    hardware: 'rtx-3090',
    address: '10.10.1.12',
    capacity: 4,
    ip: '185.213.10.22',
  },
  {
    name: 'thr1-gpu-03',
    location: 'thr1',
    hardware: 'rtx-4090-x2',
    address: '10.10.1.13',
    capacity: 2,
    ip: '185.213.10.23',
  },
  {
    name: 'tbz1-gpu-01',
    location: 'tbz1',
    hardware: 'rtx-4090',
    address: '10.20.1.11',
    capacity: 4,
    ip: '5.160.40.11',
  },
  {
    name: 'tbz1-gpu-02',
    location: 'tbz1',
    hardware: 'rtx-a6000',
    address: '10.20.1.12',
    capacity: 2,
    ip: '5.160.40.12',
  },
];

/**
 * The demo customer's machines, so the panel and the API show real ones: one running, one stopped,
 * one whose provisioning failed. Each sits on a demo host (`host`) with that host's plan and
 * location, from an image (`image` = its driver_ref), and takes the host's first free port.
 */
export const DEMO_INSTANCES = [
  {
    name: 'رندر ویلای شمال',
    host: 'thr1-gpu-01',
    image: 'win2022-3dsmax-2025',
    status: 'ready' as const,
    power: 'running' as const,
    runningForMinutes: 135,
    driverRef: 'sim-demo-villa',
    failureReason: null,
    failureDetail: null,
  },
  {
    name: 'انیمیشن کوتاه بلندر',
    host: 'thr1-gpu-02',
    image: 'win2022-blender-42',
    status: 'ready' as const,
    power: 'stopped' as const,
    runningForMinutes: null,
    driverRef: 'sim-demo-blender',
    failureReason: null,
    failureDetail: null,
  },
  {
    name: 'آزمایش Revit',
    host: 'tbz1-gpu-02',
    image: 'win11-revit-2025',
    status: 'provision_failed' as const,
    power: 'stopped' as const,
    runningForMinutes: null,
    driverRef: null,
    failureReason: 'آماده‌سازی سرور انجام نشد: میزبان در مهلت مقرر پاسخ نداد. پشتیبانی در حال پیگیری است.',
    failureDetail:
      'provision: host tbz1-gpu-02 did not answer within 300 s (clone of win11-revit-2025 never started)',
  },
];

/**
 * Weekly schedules of demo machines, by machine name (0 = شنبه … 6 = جمعه, Tehran time). Only on
 * the machine whose provisioning failed: the tick acts on ready machines only, so the demo and the
 * browser tests never see a machine start or stop on its own; the Edit page still shows one.
 */
export const DEMO_SCHEDULES: Record<string, { weekday: number; start: string; stop: string }[]> = {
  'آزمایش Revit': [
    { weekday: 0, start: '09:00', stop: '18:00' },
    { weekday: 1, start: '09:00', stop: '18:00' },
    { weekday: 2, start: '09:00', stop: '18:00' },
    { weekday: 3, start: '09:00', stop: '18:00' },
    // Wednesday night's render runs until Thursday morning.
    { weekday: 4, start: '20:00', stop: '08:00' },
  ],
};

export const DEMO_CONFIGS: {
  key: string;
  value: unknown;
  type: ConfigType;
  group: string;
  isPublic: boolean;
}[] = [
  { key: 'site_name', value: 'رندر فارم ابری', type: 'string', group: 'general', isPublic: true },
  { key: 'support_phone', value: '021-91000000', type: 'string', group: 'general', isPublic: true },
  {
    key: 'support_hours',
    value: 'هر روز از ۸ صبح تا ۱۲ شب',
    type: 'string',
    group: 'general',
    isPublic: true,
  },
  {
    key: 'contact_address',
    value: 'تهران، خیابان ولیعصر، بالاتر از میدان ونک، کوچه نگار، پلاک ۱۲، طبقه ۳',
    type: 'string',
    group: 'general',
    isPublic: true,
  },
  {
    key: 'contact_email',
    value: 'support@renderfarm.test',
    type: 'string',
    group: 'general',
    isPublic: true,
  },
  { key: 'vat_rate', value: 10, type: 'percent', group: 'billing', isPublic: true },
  { key: 'tax_inclusive', value: false, type: 'boolean', group: 'billing', isPublic: false },
  { key: 'drive_price_per_gb_month', value: 30_000, type: 'rial', group: 'billing', isPublic: true },
  { key: 'low_balance_warning_minutes', value: 60, type: 'number', group: 'billing', isPublic: false },
  { key: 'topup_min', value: 500_000, type: 'rial', group: 'payments', isPublic: true },
  { key: 'topup_max', value: 500_000_000, type: 'rial', group: 'payments', isPublic: true },
  { key: 'payment_verify_deadline_minutes', value: 30, type: 'number', group: 'payments', isPublic: false },
  { key: 'idle_auto_stop_minutes', value: 120, type: 'number', group: 'instances', isPublic: false },
  {
    key: 'ticket_departments',
    value: ['فنی', 'مالی', 'فروش'],
    type: 'json',
    group: 'support',
    isPublic: false,
  },
  { key: 'ticket_auto_close_days', value: 7, type: 'number', group: 'support', isPublic: false },
  { key: 'registration_open', value: true, type: 'boolean', group: 'auth', isPublic: false },
  { key: 'staff_require_2fa', value: false, type: 'boolean', group: 'auth', isPublic: false },
];

export const DEMO_FOLDERS = [
  { slug: 'news', name: 'اخبار و مقالات', kind: 'blog' as const, sort: 1 },
  { slug: 'getting-started', name: 'شروع کار', kind: 'docs' as const, sort: 1 },
  { slug: 'connect', name: 'اتصال به سرور', kind: 'docs' as const, sort: 2 },
];

const day = 24 * 60 * 60 * 1000;

export const DEMO_ARTICLES = [
  {
    folder: 'news',
    slug: 'rtx-4090-arrived',
    kind: 'post' as const,
    title: 'سرورهای RTX 4090 به تبریز رسید',
    excerpt: 'از این هفته می‌توانید سرورهای RTX 4090 را در دیتاسنتر تبریز هم اجاره کنید؛ با همان تعرفهٔ تهران.',
    body: '<p>ظرفیت تازهٔ دیتاسنتر تبریز راه‌اندازی شد. سرورهای این مرکز با کارت گرافیک RTX 4090 و ۱۲۸ گیگابایت حافظه آماده‌اند و تعرفهٔ ساعتی آن‌ها با تهران یکی است.</p><p>اگر پروژه‌تان به زمان تحویل نزدیک است، ظرفیت تبریز گزینهٔ خوبی برای رندرهای سنگین شبانه است.</p>',
    ageDays: 2,
  },
  {
    folder: 'news',
    slug: 'vray-vs-corona',
    kind: 'post' as const,
    title: 'وی‌ری یا کرونا؟ انتخاب موتور رندر برای پروژه‌های معماری',
    excerpt: 'مقایسهٔ سرعت و کیفیت دو موتور محبوب روی سرورهای رندر فارم، با نمونه‌صحنه‌های داخلی و خارجی.',
    body: '<p>هر دو موتور روی سرورهای ما نصب‌اند. در صحنه‌های داخلی با نور پیچیده، کرونا ساده‌تر تنظیم می‌شود؛ وی‌ری با GPU در صحنه‌های بزرگ بیرونی سریع‌تر است.</p><p>پیشنهاد ما: اگر کارت گرافیک دوگانه اجاره کرده‌اید، حالت GPU در وی‌ری را امتحان کنید.</p>',
    ageDays: 9,
  },
  {
    folder: 'news',
    slug: 'night-discount',
    kind: 'post' as const,
    title: 'رندر شبانه، هزینهٔ کمتر',
    excerpt: 'چند پیشنهاد ساده برای اینکه رندرهای طولانی را بدون بیدار ماندن و با هزینهٔ کمتر تمام کنید.',
    body: '<p>صف رندر را پیش از خواب آماده کنید، خاموش شدن خودکار پس از بیکاری را فعال بگذارید و موجودی کیف پول را برای چند ساعت کار کافی نگه دارید.</p>',
    ageDays: 21,
  },
  {
    folder: 'getting-started',
    slug: 'first-machine',
    kind: 'doc' as const,
    title: 'ساخت اولین سرور رندر',
    excerpt: 'از ثبت‌نام تا اتصال با ریموت دسکتاپ، قدم‌به‌قدم.',
    body: '<ol><li>با شمارهٔ موبایل ثبت‌نام کنید.</li><li>احراز هویت را کامل کنید.</li><li>کیف پول را شارژ کنید.</li><li>پلن و محل سرور را انتخاب کنید.</li><li>با فایل RDP به سرور وصل شوید.</li></ol>',
    ageDays: 30,
  },
  {
    folder: 'connect',
    slug: 'rdp-windows',
    kind: 'doc' as const,
    title: 'اتصال با ریموت دسکتاپ در ویندوز',
    excerpt: 'فایل RDP را دریافت کنید، رمز یک‌بار مصرف را وارد کنید و کار را شروع کنید.',
    body: '<p>در صفحهٔ سرور، دکمهٔ «دریافت فایل اتصال» را بزنید و فایل را باز کنید. رمز عبور را از همان صفحه کپی کنید؛ این رمز فقط یک بار نمایش داده می‌شود.</p>',
    ageDays: 30,
  },
].map(({ ageDays, ...article }) => ({ ...article, publishedAt: new Date(Date.now() - ageDays * day) }));

export const DEMO_PAGES = [
  {
    key: 'about',
    title: 'درباره ما',
    body: '<p>رندر فارم ابری سرورهای قدرتمند گرافیکی را ساعتی در اختیار طراحان، معماران و استودیوهای انیمیشن می‌گذارد تا بدون خرید سخت‌افزار گران، پروژه‌هایشان را سریع‌تر تحویل دهند.</p>',
  },
  {
    key: 'privacy',
    title: 'حریم خصوصی',
    body: '<p>اطلاعات هویتی و فایل‌های شما فقط برای ارائهٔ خدمت نگهداری می‌شود و در اختیار هیچ شخص ثالثی قرار نمی‌گیرد، مگر به حکم مرجع قانونی.</p>',
  },
  {
    key: 'terms',
    title: 'قوانین و مقررات',
    body: '<p>هزینهٔ هر سرور به ازای هر دقیقهٔ روشن بودن از کیف پول کسر می‌شود. استفاده از سرورها برای استخراج رمزارز و هر کار غیرقانونی ممنوع است.</p>',
  },
  {
    key: 'career',
    title: 'همکاری با ما',
    body: '<p>در حال حاضر به یک کارشناس پشتیبانی فنی آشنا با 3ds Max و شبکه نیازمندیم.</p>',
  },
  {
    key: 'support',
    title: 'پشتیبانی',
    body: '<p>پیش از ثبت تیکت، بخش آموزش‌ها را ببینید؛ پاسخ بیشتر پرسش‌ها آنجاست.</p>',
  },
  {
    key: 'revit',
    title: 'رندر Revit روی سرور ابری',
    body: '<p>Revit و Enscape روی ایمیج «Revit و Enscape» آماده‌اند؛ برای پروژه‌های بزرگ پلن A6000 با ۴۸ گیگابایت حافظهٔ گرافیکی را پیشنهاد می‌کنیم.</p>',
  },
  { key: 'software', title: 'نرم‌افزارها', body: '<p>فهرست نرم‌افزارهای نصب‌شده روی هر ایمیج.</p>' },
];

export const DEMO_MENUS = [
  { location: 'header' as const, label: 'تعرفه‌ها', url: '/prices', sort: 1 },
  { location: 'header' as const, label: 'پلن‌ها', url: '/plans', sort: 2 },
  { location: 'header' as const, label: 'نرم‌افزارها', url: '/software', sort: 3 },
  { location: 'header' as const, label: 'وبلاگ', url: '/blog', sort: 4 },
  { location: 'header' as const, label: 'پشتیبانی', url: '/support', sort: 5 },
  { location: 'footer' as const, label: 'درباره ما', url: '/about', sort: 1 },
  { location: 'footer' as const, label: 'تماس با ما', url: '/contact', sort: 2 },
  { location: 'footer' as const, label: 'همکاری با ما', url: '/career', sort: 3 },
];

export const DEMO_LINKS = [
  { group: 'footer' as const, label: 'قوانین و مقررات', url: '/terms-of-service', sort: 1 },
  { group: 'footer' as const, label: 'حریم خصوصی', url: '/privacy-policy', sort: 2 },
  { group: 'footer' as const, label: 'شروع کار', url: '/welcome', sort: 3 },
  { group: 'social' as const, label: 'اینستاگرام', url: 'https://instagram.com/renderfarm', sort: 1 },
  { group: 'social' as const, label: 'تلگرام', url: 'https://t.me/renderfarm', sort: 2 },
];

interface DemoTicket {
  /** A demo user's key, or a visitor of the contact form. */
  from: 'customer' | { name: string; email: string };
  subject: string;
  department: string;
  priority: 'low' | 'medium' | 'high';
  status: 'open' | 'answered' | 'closed';
  rating?: number;
  /** Oldest first; `by: 'care'` is the care user's answer. Hours before now. */
  messages: { by: 'author' | 'care'; hoursAgo: number; body: string }[];
}

/** Two tickets of the demo customer answered by care, and one contact-form message waiting. */
export const DEMO_TICKETS: DemoTicket[] = [
  {
    from: 'customer',
    subject: 'قطع و وصل شدن ریموت دسکتاپ هنگام رندر',
    department: 'فنی',
    priority: 'high',
    status: 'answered',
    messages: [
      {
        by: 'author',
        hoursAgo: 26,
        body: 'سلام. از دیشب وقتی رندر 3ds Max شروع می‌شود، اتصال ریموت دسکتاپ هر چند دقیقه قطع و دوباره وصل می‌شود. رندر ادامه دارد ولی نمی‌توانم پیشرفتش را ببینم.',
      },
      {
        by: 'care',
        hoursAgo: 25,
        body: 'سلام، وقت بخیر. هنگام رندر، پردازنده و کارت گرافیک کاملاً درگیرند و اتصال کند می‌شود. در برنامهٔ Remote Desktop از بخش Experience کیفیت را روی «Low-speed broadband» بگذارید؛ اگر باز هم قطع شد، همین‌جا خبر بدهید تا سرور را بررسی کنیم.',
      },
    ],
  },
  {
    from: 'customer',
    subject: 'فاکتور رسمی برای شارژ کیف پول',
    department: 'مالی',
    priority: 'low',
    status: 'closed',
    rating: 5,
    messages: [
      {
        by: 'author',
        hoursAgo: 150,
        body: 'برای شارژ هفتهٔ گذشته فاکتور رسمی به نام شرکت لازم داریم. اطلاعات شرکت را کجا وارد کنم؟',
      },
      {
        by: 'care',
        hoursAgo: 148,
        body: 'اطلاعات شرکت را در بخش احراز هویت حقوقی وارد کنید؛ فاکتورهای بعدی با همان نام صادر می‌شوند. فاکتور هفتهٔ گذشته را هم با نام شرکت دوباره صادر کردیم.',
      },
    ],
  },
  {
    from: { name: 'مهندس کامرانی', email: 'kamrani@example.com' },
    subject: 'رندر انیمیشن ۹۰ ثانیه‌ای با Lumion',
    department: 'فروش',
    priority: 'medium',
    status: 'open',
    messages: [
      {
        by: 'author',
        hoursAgo: 3,
        body: 'برای رندر یک انیمیشن معماری ۹۰ ثانیه‌ای با Lumion چه پلنی پیشنهاد می‌کنید و هزینهٔ تقریبی چقدر می‌شود؟',
      },
    ],
  },
];

/**
 * Every limit of docs/domain.md has a global rule, so none is unlimited by accident; admins loosen
 * them per role, plan or customer (Admin/Limitations). Top-ups are Rial (50,000,000 = ۵ میلیون تومان).
 */
export const DEMO_LIMITATIONS = [
  { scope: 'global' as const, subject: null, key: 'max_instances' as const, value: 10 },
  { scope: 'global' as const, subject: null, key: 'max_running' as const, value: 5 },
  { scope: 'global' as const, subject: null, key: 'max_hours_per_day' as const, value: 24 },
  { scope: 'global' as const, subject: null, key: 'max_drive_gb' as const, value: 2000 },
  { scope: 'global' as const, subject: null, key: 'max_open_tickets' as const, value: 10 },
  { scope: 'global' as const, subject: null, key: 'max_topup_unverified' as const, value: 50_000_000 },
];
