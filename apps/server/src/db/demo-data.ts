// The demo data set: enough real records that every area of the app shows something on first start.
// Amounts are Rial (the UI shows Toman: 950_000 Rial = ۹۵٬۰۰۰ تومان).

export const DEMO_PASSWORD = 'password';

export const DEMO_USERS = [
  { key: 'admin', name: 'مدیر سامانه', email: 'admin@renderfarm.test', mobile: '09120000001', role: 'admin' },
  { key: 'care', name: 'سارا پشتیبان', email: 'care@renderfarm.test', mobile: '09120000002', role: 'care' },
  // A second support colleague: the desk shows who else has a ticket open (presence, typing).
  { key: 'care2', name: 'رضا پشتیبان', email: 'care2@renderfarm.test', mobile: '09120000003', role: 'care' },
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
 * one whose provisioning failed. Every stretch a machine ran (`pastRuns`, then the running one's
 * `runningForMinutes`) is charged by billing in the seed, a ledger line a minute: kept short, as
 * every test that starts from the demo data pays for them. Each sits on a demo host (`host`) with that host's plan and
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
    // Earlier stretches of running, [minutes ago, minutes]: its first start, right after it was made.
    pastRuns: [[12 * 24 * 60 - 5, 30]] as [number, number][],
    driverRef: 'sim-demo-villa',
    failureReason: null,
    failureDetail: null,
    failureCode: null,
  },
  {
    name: 'انیمیشن کوتاه بلندر',
    host: 'thr1-gpu-02',
    image: 'win2022-blender-42',
    status: 'ready' as const,
    power: 'stopped' as const,
    runningForMinutes: null,
    // Its first start after it was made, and an evening's test render five days ago.
    pastRuns: [
      [12 * 24 * 60 - 5, 20],
      [5 * 24 * 60 + 180, 25],
    ] as [number, number][],
    driverRef: 'sim-demo-blender',
    failureReason: null,
    failureDetail: null,
    failureCode: null,
  },
  {
    name: 'آزمایش Revit',
    host: 'tbz1-gpu-02',
    image: 'win11-revit-2025',
    status: 'provision_failed' as const,
    power: 'stopped' as const,
    runningForMinutes: null,
    pastRuns: [] as [number, number][],
    driverRef: null,
    failureReason: 'آماده‌سازی سرور انجام نشد: میزبان در مهلت مقرر پاسخ نداد. پشتیبانی در حال پیگیری است.',
    failureDetail:
      'provision: host tbz1-gpu-02 did not answer within 300 s (clone of win11-revit-2025 never started)',
    failureCode: 'host_timeout' as const,
  },
];

/**
 * Machines the demo customer ran last month and has since deleted. A deleted machine keeps its row
 * (status `deleted`), so the usage lines and the statement of that month name real machines. Each
 * ran one stretch: `day` and `hour` after the first instant of last Jalali month, for `minutes`.
 */
export const DEMO_PAST_INSTANCES = [
  {
    name: 'رندر پروژهٔ برج',
    host: 'thr1-gpu-01',
    image: 'win2022-3dsmax-2025',
    day: 3,
    hour: 19,
    minutes: 75,
  },
  {
    name: 'انیمیشن تبلیغاتی',
    host: 'thr1-gpu-02',
    image: 'win2022-blender-42',
    day: 6,
    hour: 20,
    minutes: 50,
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
