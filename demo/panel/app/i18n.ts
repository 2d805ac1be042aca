export type Locale = 'fa' | 'en'

const fa = {
  brand: 'پلتفرم سلامت',
  doctorPanel: 'پنل پزشک',
  notifications: 'اعلان‌ها',
  menu: 'منو',
  switchTo: 'English',
  switchLang: 'en',
  nav: {
    dashboard: 'داشبورد',
    appointments: 'نوبت‌ها',
    patients: 'بیماران',
    settings: 'تنظیمات',
    widgets: 'ویجت‌ها',
    demo: 'صفحه‌های نمایشی',
    booking: 'نوبت‌دهی بیمار',
    profile: 'پروفایل پزشک',
  },
  greeting: (name: string) => `سلام، ${name}`,
  today: 'امروز',
  stats: {
    appointments: 'نوبت‌های امروز',
    online: 'ویزیت آنلاین',
    sms: 'اعتبار پیامک',
    smsOff: 'غیرفعال',
    revenue: 'درآمد این ماه',
  },
  widgetArea: 'ویجت',
  noWidgets: 'هیچ ویجتی برای این صفحه ثبت نشده است.',
  schedule: 'برنامهٔ امروز',
  appointmentsTitle: 'نوبت‌های امروز',
  appointmentsLead: 'فهرست نوبت‌های امروز در همهٔ مراکز.',
  columns: { time: 'ساعت', patient: 'بیمار', kind: 'نوع', center: 'مرکز', status: 'وضعیت' },
  kinds: { visit: 'ویزیت حضوری', online: 'ویزیت آنلاین', followup: 'پیگیری' },
  statuses: { confirmed: 'تأیید شده', waiting: 'در انتظار', done: 'انجام شده' },
  patientsTitle: 'بیماران',
  patientsLead: 'بیمارانی که اخیراً مراجعه کرده‌اند.',
  lastVisit: 'آخرین مراجعه',
  mobile: 'موبایل',
  settingsTitle: 'تنظیمات',
  smsSettings: 'پیامک',
  smsActive: (credit: string) => `فعال — اعتبار ${credit} پیامک`,
  smsInactive: 'غیرفعال (از ویجت فعال کنید)',
  installed: 'ویجت‌های نصب‌شده',
  appearance: 'ظاهر',
  appearanceLead: 'رنگ، گوشه‌ها و قلمِ پنل و پنجره‌های پلتفرم (گزینهٔ theme میزبان).',
  themes: { default: 'پیش‌فرض', clinic: 'سبز درمانگاه' },
  scopes: 'دسترسی‌ها',
  notFound: 'صفحه پیدا نشد',
  notFoundLead: 'این صفحه در پنل وجود ندارد.',
  backHome: 'بازگشت به داشبورد',
  widgetStopped: 'یک ویجت متوقف شد: می‌خواست صفحه‌کلید را از پنجرهٔ پلتفرم بگیرد.',
  results: {
    PLATFORM_PAYMENT_SUCCESS: 'پرداخت با موفقیت انجام شد',
    PLATFORM_PAYMENT_SUBSCRIBE_SUCCESS: 'اشتراک فعال شد',
    PLATFORM_PAYMENT_DOCTOR_SERVICE_SUCCESS: 'پرداخت هزینهٔ خدمت انجام شد',
    PLATFORM_SMS_ACTIVATE_SUCCESS: 'پیامک فعال است',
    PLATFORM_SMS_CHARGE_SUCCESS: 'اعتبار پیامک افزایش یافت',
  } as Record<string, string>,
  // Booking flow
  patientSite: 'نوبت‌دهی آنلاین',
  findDoctor: 'جست‌وجوی پزشک',
  myBookings: 'نوبت‌های من',
  steps: ['انتخاب پزشک', 'انتخاب زمان', 'اطلاعات بیمار', 'خدمات تکمیلی', 'رسید'],
  extrasTitle: 'خدمات تکمیلی',
  extrasLead: 'پیش از ثبت نهایی، خدمات تکمیلی نوبت خود را ببینید.',
  summary: 'خلاصهٔ نوبت',
  doctor: 'پزشک',
  date: 'تاریخ',
  time: 'ساعت',
  center: 'مرکز',
  patient: 'بیمار',
  fee: 'هزینهٔ ویزیت',
  back: 'بازگشت',
  confirm: 'ثبت و ادامه',
  receiptTitle: 'نوبت شما ثبت شد',
  receiptLead: 'رسید نوبت برای شما پیامک می‌شود.',
  tracking: 'کد پیگیری',
  paid: 'پرداخت‌شده',
  openChannel: 'ورود به ویزیت آنلاین',
  viewProfile: 'پروفایل پزشک',
  channelTitle: 'ویزیت آنلاین',
  channelOnline: 'آنلاین',
  channelOpened: 'کانال ویزیت آنلاین شما باز شد.',
  channelHello: 'سلام، وقت بخیر. لطفاً علائم خود را بنویسید.',
  composer: 'پیام خود را بنویسید…',
  send: 'ارسال',
  // Doctor profile
  book: 'دریافت نوبت',
  medicalCode: (code: string) => `کد نظام پزشکی ${code}`,
  about: 'دربارهٔ پزشک',
  centers: 'مراکز درمانی',
  onlineServices: 'خدمات آنلاین',
  rating: (r: string) => `امتیاز ${r} از ۵`,
}

export type Strings = typeof fa

const en: Strings = {
  brand: 'Health platform',
  doctorPanel: 'Doctor panel',
  notifications: 'Notifications',
  menu: 'Menu',
  switchTo: 'فارسی',
  switchLang: 'fa',
  nav: {
    dashboard: 'Dashboard',
    appointments: 'Appointments',
    patients: 'Patients',
    settings: 'Settings',
    widgets: 'Widgets',
    demo: 'Demo pages',
    booking: 'Patient booking',
    profile: 'Doctor profile',
  },
  greeting: (name: string) => `Hello, ${name}`,
  today: 'Today',
  stats: {
    appointments: 'Appointments today',
    online: 'Online visits',
    sms: 'SMS credit',
    smsOff: 'Not active',
    revenue: 'Revenue this month',
  },
  widgetArea: 'Widget',
  noWidgets: 'No widget is registered for this page.',
  schedule: 'Today’s schedule',
  appointmentsTitle: 'Today’s appointments',
  appointmentsLead: 'Every appointment of today, across your centers.',
  columns: { time: 'Time', patient: 'Patient', kind: 'Type', center: 'Center', status: 'Status' },
  kinds: { visit: 'In-person visit', online: 'Online visit', followup: 'Follow-up' },
  statuses: { confirmed: 'Confirmed', waiting: 'Waiting', done: 'Done' },
  patientsTitle: 'Patients',
  patientsLead: 'Patients you saw recently.',
  lastVisit: 'Last visit',
  mobile: 'Mobile',
  settingsTitle: 'Settings',
  smsSettings: 'SMS',
  smsActive: (credit: string) => `Active — ${credit} SMS credit`,
  smsInactive: 'Not active (activate it from a widget)',
  installed: 'Installed widgets',
  appearance: 'Appearance',
  appearanceLead:
    'Colours, corners and font of the panel and of the platform’s dialogs (the host’s theme option).',
  themes: { default: 'Default', clinic: 'Clinic green' },
  scopes: 'Access',
  notFound: 'Page not found',
  notFoundLead: 'There is no such page in the panel.',
  backHome: 'Back to the dashboard',
  widgetStopped: 'A widget was stopped: it tried to take the keyboard from a platform window.',
  results: {
    PLATFORM_PAYMENT_SUCCESS: 'Payment completed',
    PLATFORM_PAYMENT_SUBSCRIBE_SUCCESS: 'Subscription started',
    PLATFORM_PAYMENT_DOCTOR_SERVICE_SUCCESS: 'Doctor service paid',
    PLATFORM_SMS_ACTIVATE_SUCCESS: 'SMS is active',
    PLATFORM_SMS_CHARGE_SUCCESS: 'SMS credit topped up',
  },
  patientSite: 'Online booking',
  findDoctor: 'Find a doctor',
  myBookings: 'My bookings',
  steps: ['Doctor', 'Time', 'Patient details', 'Extras', 'Receipt'],
  extrasTitle: 'Extras',
  extrasLead: 'Before you confirm, see the extras for this booking.',
  summary: 'Booking summary',
  doctor: 'Doctor',
  date: 'Date',
  time: 'Time',
  center: 'Center',
  patient: 'Patient',
  fee: 'Visit fee',
  back: 'Back',
  confirm: 'Confirm and continue',
  receiptTitle: 'Your appointment is booked',
  receiptLead: 'The receipt is sent to you by SMS.',
  tracking: 'Tracking code',
  paid: 'Paid',
  openChannel: 'Open the online visit',
  viewProfile: 'Doctor profile',
  channelTitle: 'Online visit',
  channelOnline: 'Online',
  channelOpened: 'Your online visit channel is open.',
  channelHello: 'Hello. Please describe your symptoms.',
  composer: 'Write a message…',
  send: 'Send',
  book: 'Book an appointment',
  medicalCode: (code: string) => `Medical council no. ${code}`,
  about: 'About',
  centers: 'Centers',
  onlineServices: 'Online services',
  rating: (r: string) => `Rated ${r} of 5`,
}

export const STRINGS: Record<Locale, Strings> = { fa, en }

export function formatNumber(value: number, locale: Locale, digits = 0): string {
  return new Intl.NumberFormat(locale === 'fa' ? 'fa-IR' : 'en-US', {
    maximumFractionDigits: digits,
  }).format(value)
}

export function formatRials(value: number, locale: Locale): string {
  return `${formatNumber(value, locale)} ${locale === 'fa' ? 'ریال' : 'Rials'}`
}

/** A date in the Persian calendar for `fa`, the Gregorian one for `en`. */
export function formatDate(date: Date, locale: Locale): string {
  return new Intl.DateTimeFormat(locale === 'fa' ? 'fa-IR-u-ca-persian' : 'en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(date)
}

export function formatTime(date: Date, locale: Locale): string {
  return new Intl.DateTimeFormat(locale === 'fa' ? 'fa-IR' : 'en-GB', {
    hour: '2-digit',
    minute: '2-digit',
  }).format(date)
}

/** A code such as a tracking number, in the locale's digits, without grouping. */
export function digits(text: string, locale: Locale): string {
  return locale === 'fa' ? text.replace(/[0-9]/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!) : text
}
