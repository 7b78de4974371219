/**
 * What staff writes are about, as a person reads them in Admin/Audit: each subject type's name and
 * its fields' Persian labels, with how a value is shown. A field written to the audit without a
 * label here fails the audit walk (http/audit-walk.test.ts) and the table check beside this file.
 */
export type AuditFormat =
  /** Plain text (a name, a reason), shown as written. */
  | 'text'
  /** A count or a size, with Persian digits. */
  | 'number'
  /** Money as stored (Rial), shown in Toman with its unit. */
  | 'rial'
  | 'percent'
  | 'bool'
  /** An identifier, code, slug, address, URL or UUID: Latin digits, left to right. */
  | 'code'
  | 'datetime'
  /** Long text or HTML (an article's body): shown as «changed», not quoted. */
  | 'long'
  /** A list of names (software, changed ids). */
  | 'list'
  /** A user by id: shown as their name. */
  | 'user'
  /** Another record by id (a plan, a host, a folder): `#12`, left to right. */
  | 'ref';

export interface AuditField {
  label: string;
  format?: AuditFormat;
  /** Stored words (statuses, kinds, roles) as a person reads them. */
  values?: Record<string, string>;
}

export interface AuditSubject {
  /** The kind of record, before its name or id («پلن», «تیکت»). */
  label: string;
  fields: Record<string, AuditField>;
  /** Names of whole lists an entry may be about instead of one record (a reorder of the header menu). */
  scopes?: Record<string, string>;
}

const f = (label: string, format: AuditFormat = 'text', values?: Record<string, string>): AuditField =>
  values ? { label, format, values } : { label, format };

const ACTIVE = f('فعال', 'bool');
const SORT = f('ترتیب نمایش', 'number');
const SEO_TITLE = f('عنوان سئو');
const SEO_DESCRIPTION = f('توضیح سئو');

const ROLES = { customer: 'مشتری', care: 'پشتیبان', admin: 'مدیر' };
const USER_STATUSES = { active: 'فعال', suspended: 'معلق' };
const KYC_STATUSES = {
  none: 'ارسال نشده',
  pending: 'در حال بررسی',
  approved: 'تأییدشده',
  rejected: 'ردشده',
};

export const AUDIT_SUBJECTS: Record<string, AuditSubject> = {
  config: {
    label: 'تنظیم',
    fields: {
      key: f('کلید', 'code'),
      value: f('مقدار'),
      type: f('نوع', 'text', {
        string: 'متن',
        text: 'متن بلند',
        number: 'عدد',
        percent: 'درصد',
        rial: 'مبلغ',
        boolean: 'بله/خیر',
        json: 'JSON',
        secret: 'رمز',
      }),
      group: f('گروه', 'code'),
      description: f('توضیح'),
      isPublic: f('عمومی', 'bool'),
    },
  },
  hardware: {
    label: 'پلن',
    fields: {
      title: f('عنوان'),
      slug: f('نامک', 'code'),
      gpuModel: f('مدل کارت گرافیک', 'code'),
      gpuCount: f('تعداد کارت گرافیک', 'number'),
      vramGb: f('حافظهٔ گرافیک (گیگابایت)', 'number'),
      cpuModel: f('مدل پردازنده', 'code'),
      cpuCores: f('هستهٔ پردازنده', 'number'),
      ramGb: f('رم (گیگابایت)', 'number'),
      diskGb: f('دیسک (گیگابایت)', 'number'),
      pricePerHour: f('قیمت ساعتی', 'rial'),
      setupFee: f('هزینهٔ راه‌اندازی', 'rial'),
      stock: f('موجودی', 'number'),
      perUserLimit: f('سقف هر کاربر', 'number'),
      status: f('وضعیت', 'text', { draft: 'پیش‌نویس', active: 'فعال', hidden: 'پنهان', archived: 'بایگانی' }),
      description: f('توضیح', 'long'),
      sort: SORT,
      imageIds: f('تصاویر نرم‌افزاری', 'list'),
    },
  },
  location: {
    label: 'دیتاسنتر',
    fields: {
      code: f('کد', 'code'),
      name: f('نام'),
      city: f('شهر'),
      country: f('کشور'),
      isActive: ACTIVE,
      sort: SORT,
    },
  },
  image: {
    label: 'تصویر نرم‌افزاری',
    fields: {
      name: f('نام'),
      os: f('سیستم‌عامل'),
      software: f('نرم‌افزارها', 'list'),
      driverRef: f('شناسهٔ قالب', 'code'),
      isActive: ACTIVE,
      sort: SORT,
    },
  },
  resource: {
    label: 'میزبان',
    fields: {
      locationId: f('دیتاسنتر', 'ref'),
      hardwareId: f('پلن', 'ref'),
      name: f('نام', 'code'),
      address: f('نشانی شبکه', 'code'),
      driver: f('درایور', 'text', { simulated: 'شبیه‌سازی‌شده', proxmox: 'پراکسماکس' }),
      driverConfig: f('تنظیمات درایور', 'code'),
      capacity: f('ظرفیت', 'number'),
      notes: f('یادداشت'),
      status: f('وضعیت', 'text', {
        available: 'در دسترس',
        allocated: 'پر',
        maintenance: 'در حال نگهداری',
        offline: 'بی‌پاسخ',
      }),
      lastSeenAt: f('آخرین پاسخ', 'datetime'),
      publicIp: f('IP عمومی پورت‌ها', 'code'),
      fromPort: f('از پورت', 'code'),
      toPort: f('تا پورت', 'code'),
      targetPort: f('پورت مقصد', 'code'),
      protocol: f('پروتکل', 'code'),
      count: f('تعداد پورت افزوده', 'number'),
    },
  },
  port: {
    label: 'پورت',
    fields: {
      resourceId: f('میزبان', 'ref'),
      publicIp: f('IP عمومی', 'code'),
      publicPort: f('پورت عمومی', 'code'),
      protocol: f('پروتکل', 'code'),
      targetPort: f('پورت مقصد', 'code'),
      instanceId: f('سرور', 'ref'),
      status: f('وضعیت', 'text', {
        free: 'آزاد',
        reserved: 'رزروشده',
        bound: 'در استفاده',
        disabled: 'غیرفعال',
      }),
      notes: f('یادداشت'),
    },
  },
  limitation: {
    label: 'محدودیت',
    fields: {
      scope: f('دامنه', 'text', { global: 'همه', role: 'نقش', hardware: 'پلن', user: 'کاربر' }),
      subject: f('برای', 'code'),
      key: f('محدودیت', 'text', {
        max_instances: 'بیشترین تعداد سرور',
        max_running: 'بیشترین سرور روشن',
        max_hours_per_day: 'بیشترین ساعت کار در روز',
        max_drive_gb: 'بیشترین فضای ذخیره‌سازی (گیگابایت)',
        max_open_tickets: 'بیشترین تیکت باز',
        max_topup_unverified: 'سقف افزایش اعتبار پیش از احراز هویت',
      }),
      value: f('مقدار', 'number'),
      isActive: ACTIVE,
    },
  },
  article: {
    label: 'مطلب',
    fields: {
      folderId: f('دسته', 'ref'),
      slug: f('نامک', 'code'),
      kind: f('نوع', 'text', { post: 'نوشتهٔ بلاگ', doc: 'راهنما', page: 'صفحه' }),
      title: f('عنوان'),
      excerpt: f('خلاصه', 'long'),
      body: f('متن', 'long'),
      coverPath: f('تصویر شاخص', 'code'),
      status: f('وضعیت', 'text', {
        draft: 'پیش‌نویس',
        scheduled: 'زمان‌بندی‌شده',
        published: 'منتشرشده',
        unpublished: 'برداشته‌شده',
      }),
      publishedAt: f('زمان انتشار', 'datetime'),
      authorId: f('نویسنده', 'user'),
      seoTitle: SEO_TITLE,
      seoDescription: SEO_DESCRIPTION,
      canonicalUrl: f('نشانی اصلی', 'code'),
      noindex: f('بیرون از نتایج جست‌وجو', 'bool'),
      usefulCount: f('رأی مفید', 'number'),
      notUsefulCount: f('رأی نامفید', 'number'),
    },
  },
  folder: {
    label: 'دسته',
    scopes: { blog: 'بلاگ', docs: 'راهنما' },
    fields: {
      slug: f('نامک', 'code'),
      name: f('نام'),
      kind: f('نوع', 'text', { blog: 'بلاگ', docs: 'راهنما' }),
      parentId: f('دستهٔ بالاتر', 'ref'),
      sort: SORT,
      description: f('توضیح', 'long'),
      seoTitle: SEO_TITLE,
      seoDescription: SEO_DESCRIPTION,
      order: f('ترتیب', 'list'),
    },
  },
  menu: {
    label: 'منو',
    scopes: { header: 'سربرگ', footer: 'پابرگ' },
    fields: {
      location: f('جای منو', 'text', { header: 'سربرگ', footer: 'پابرگ' }),
      parentId: f('آیتم بالاتر', 'ref'),
      label: f('عنوان'),
      url: f('نشانی', 'code'),
      sort: SORT,
      isActive: ACTIVE,
      order: f('ترتیب', 'list'),
    },
  },
  link: {
    label: 'پیوند',
    scopes: { footer: 'پابرگ', social: 'شبکه‌های اجتماعی' },
    fields: {
      group: f('گروه', 'text', { footer: 'پابرگ', social: 'شبکه‌های اجتماعی' }),
      label: f('عنوان'),
      url: f('نشانی', 'code'),
      sort: SORT,
      nofollow: f('بدون دنبال‌شدن پیوند (nofollow)', 'bool'),
      isActive: ACTIVE,
      order: f('ترتیب', 'list'),
    },
  },
  page: {
    label: 'صفحه',
    fields: {
      key: f('کلید', 'code'),
      title: f('عنوان'),
      body: f('متن', 'long'),
      seoTitle: SEO_TITLE,
      seoDescription: SEO_DESCRIPTION,
      noindex: f('بیرون از نتایج جست‌وجو', 'bool'),
      startsAt: f('آغاز جشنواره', 'datetime'),
      endsAt: f('پایان جشنواره (پس از آخرین روز)', 'datetime'),
    },
  },
  redirect: {
    label: 'تغییر مسیر',
    fields: {
      fromPath: f('از نشانی', 'code'),
      to: f('به نشانی', 'code'),
      code: f('کد پاسخ', 'code'),
      isActive: ACTIVE,
      hits: f('بازدید', 'number'),
      lastHitAt: f('آخرین بازدید', 'datetime'),
    },
  },
  upload: {
    label: 'فایل بارگذاری‌شده',
    fields: {
      url: f('نشانی', 'code'),
      type: f('نوع', 'code'),
      size: f('اندازه (بایت)', 'number'),
      width: f('پهنا (پیکسل)', 'number'),
      height: f('بلندی (پیکسل)', 'number'),
    },
  },
  user: {
    label: 'کاربر',
    fields: {
      uuid: f('شناسه', 'code'),
      name: f('نام'),
      email: f('ایمیل', 'code'),
      mobile: f('موبایل', 'code'),
      passwordHash: f('رمز عبور'),
      role: f('نقش', 'text', ROLES),
      status: f('وضعیت', 'text', USER_STATUSES),
      suspendedReason: f('دلیل تعلیق'),
      suspendedAt: f('زمان تعلیق', 'datetime'),
      emailVerifiedAt: f('تأیید ایمیل', 'datetime'),
      mobileVerifiedAt: f('تأیید موبایل', 'datetime'),
      twoFactorSecret: f('کلید ورود دومرحله‌ای'),
      twoFactorRecoveryCodes: f('کدهای بازیابی'),
      twoFactorConfirmedAt: f('ورود دومرحله‌ای', 'datetime'),
      balance: f('موجودی کیف پول', 'rial'),
      kycStatus: f('احراز هویت', 'text', KYC_STATUSES),
      photoPath: f('عکس', 'code'),
      deletedAt: f('زمان حذف', 'datetime'),
      impersonating: f('ورود به‌جای کاربر', 'bool'),
    },
  },
  verification: {
    label: 'احراز هویت',
    fields: {
      type: f('نوع', 'text', { individual: 'شخص حقیقی', legal: 'شخص حقوقی' }),
      firstName: f('نام'),
      lastName: f('نام خانوادگی'),
      nationalCode: f('کد ملی', 'code'),
      birthDate: f('تاریخ تولد', 'code'),
      mobile: f('موبایل', 'code'),
      companyName: f('نام شرکت'),
      companyNationalId: f('شناسهٔ ملی شرکت', 'code'),
      companyRegistrationNo: f('شمارهٔ ثبت', 'code'),
      status: f('وضعیت', 'text', {
        draft: 'پیش‌نویس',
        submitted: 'در صف بررسی',
        under_review: 'در حال بررسی',
        approved: 'تأییدشده',
        rejected: 'ردشده',
        revoked: 'لغوشده',
      }),
      reviewerId: f('بررسی‌کننده', 'user'),
      reason: f('دلیل'),
      uuid: f('شناسه', 'code'),
      userId: f('مشتری', 'user'),
      mobileVerifiedAt: f('تأیید موبایل', 'datetime'),
      selfieText: f('متن سلفی', 'code'),
      submittedAt: f('زمان ارسال', 'datetime'),
      claimedAt: f('زمان برداشتن برای بررسی', 'datetime'),
      reviewedAt: f('زمان تصمیم', 'datetime'),
      revokedAt: f('زمان لغو', 'datetime'),
    },
  },
  invoice: {
    label: 'صورت‌حساب',
    fields: {
      uuid: f('شناسه', 'code'),
      number: f('شماره', 'code'),
      userId: f('مشتری', 'user'),
      kind: f('نوع', 'text', {
        topup: 'افزایش اعتبار',
        usage: 'مصرف',
        manual: 'دستی',
      }),
      status: f('وضعیت', 'text', {
        draft: 'پیش‌نویس',
        pending: 'در انتظار پرداخت',
        paid: 'پرداخت‌شده',
        cancelled: 'لغوشده',
        refunded: 'بازپرداخت‌شده',
      }),
      subtotal: f('جمع پیش از مالیات', 'rial'),
      taxRate: f('نرخ مالیات', 'percent'),
      tax: f('مالیات', 'rial'),
      total: f('مبلغ کل', 'rial'),
      dueAt: f('سررسید', 'datetime'),
      paidAt: f('زمان پرداخت', 'datetime'),
      items: f('ردیف‌ها', 'list'),
      reference: f('شمارهٔ پیگیری واریز', 'code'),
      refunded: f('بازپرداخت', 'rial'),
      refundTo: f('بازپرداخت به', 'text', { wallet: 'کیف پول', card: 'کارت بانکی' }),
      reason: f('دلیل'),
    },
  },
  payment: {
    label: 'پرداخت',
    fields: {
      status: f('وضعیت', 'text', {
        created: 'ساخته‌شده',
        redirected: 'در درگاه',
        verifying: 'در حال تأیید',
        review: 'در انتظار بررسی',
        paid: 'پرداخت‌شده',
        failed: 'ناموفق',
        canceled: 'لغوشده',
        expired: 'منقضی‌شده',
      }),
      amount: f('مبلغ', 'rial'),
      refId: f('شمارهٔ پیگیری', 'code'),
      paidAt: f('زمان پرداخت', 'datetime'),
    },
  },
  instance: {
    label: 'سرور',
    fields: {
      uuid: f('شناسه', 'code'),
      name: f('نام'),
      status: f('وضعیت', 'text', {
        pending: 'در صف',
        provisioning: 'در حال آماده‌سازی',
        provision_failed: 'آماده‌سازی ناموفق',
        ready: 'آماده',
        suspended: 'معلق',
        deleting: 'در حال حذف',
        deletion_failed: 'حذف ناموفق',
        deleted: 'حذف‌شده',
      }),
      power: f('روشن/خاموش', 'text', {
        running: 'روشن',
        stopped: 'خاموش',
        starting: 'در حال روشن شدن',
        stopping: 'در حال خاموش شدن',
      }),
      resourceId: f('میزبان', 'ref'),
      portId: f('پورت', 'ref'),
      suspendReason: f('دلیل تعلیق'),
      reason: f('دلیل'),
    },
  },
  ticket: {
    label: 'تیکت',
    fields: {
      subject: f('موضوع'),
      department: f('بخش'),
      priority: f('اولویت', 'text', { low: 'کم', medium: 'معمولی', high: 'زیاد' }),
      status: f('وضعیت', 'text', {
        open: 'باز',
        answered: 'پاسخ داده‌شده',
        customer_reply: 'پاسخ مشتری',
        on_hold: 'در انتظار',
        closed: 'بسته',
      }),
      assigneeId: f('مسئول', 'user'),
      userId: f('مشتری', 'user'),
      instanceId: f('سرور', 'ref'),
      spam: f('هرزنامه', 'bool'),
      reply: f('پاسخ'),
      note: f('یادداشت داخلی'),
      deleted: f('حذف‌شده', 'bool'),
    },
  },
  render_job: {
    label: 'رندر',
    fields: {
      status: f('وضعیت', 'text', {
        checking: 'در حال بررسی صحنه',
        queued: 'در صف رندر',
        active: 'در حال رندر',
        paused: 'متوقف',
        completed: 'تمام شد',
        failed: 'ناموفق',
        canceled: 'لغو شد',
      }),
      failureReason: f('دلیل ناموفق ماندن'),
      reason: f('دلیل'),
    },
  },
  render_node: {
    label: 'نود رندر',
    fields: {
      name: f('نام'),
      enabled: f('فعال', 'bool'),
      location: f('جا'),
      notes: f('یادداشت'),
      expiresAt: f('اعتبار توکن ثبت تا', 'datetime'),
      blockedJob: f('رندری که نود از آن کنار گذاشته شده بود'),
    },
  },
};

export function auditSubject(type: string): AuditSubject | undefined {
  return Object.hasOwn(AUDIT_SUBJECTS, type) ? AUDIT_SUBJECTS[type] : undefined;
}

/** A field's label and format for a subject type; undefined when the registry misses it. */
export function auditField(type: string, field: string): AuditField | undefined {
  const fields = auditSubject(type)?.fields;
  return fields && Object.hasOwn(fields, field) ? fields[field] : undefined;
}
