import type { PlanSummary, PublicHomeProps } from '@server/modules/content/contracts';
import { Server } from 'lucide-react';
import { Head, usePage } from '../../app/protocol';
import { PlanCard } from '../../components/catalog/PlanCard';
import { SectionLink } from '../../components/dashboard/SectionLink';
import { ButtonLink } from '../../components/ui/Button';
import { Container } from '../../components/ui/Container';
import { EmptyState } from '../../components/ui/EmptyState';
import { Hero } from './Home/parts/Hero';
import { HowItWorks } from './Home/parts/HowItWorks';
import { LatestPosts } from './Home/parts/LatestPosts';
import { SectionHeading } from './Home/parts/SectionHeading';
import { SoftwareList } from './Home/parts/SoftwareList';
import { StatsBand } from './Home/parts/StatsBand';

const SIGN_IN_URL = '/auth/signin';
const NEW_MACHINE_URL = '/panel/instances/create';

/** The public home page (`home`, GET /): what the farm is, its plans, and how to start. */
export default function Home({ plans = [], software = [], posts = [], stats }: PublicHomeProps) {
  const signedIn = Boolean(usePage().props.auth?.user);
  // Signed-in customers skip the sign-in step: the next thing for them is renting a machine.
  const start = signedIn
    ? { href: NEW_MACHINE_URL, label: 'اجاره سرور' }
    : { href: SIGN_IN_URL, label: 'شروع کنید' };
  const cheapest = plans.reduce<PlanSummary | undefined>(
    (min, plan) => (!min || plan.price_per_hour < min.price_per_hour ? plan : min),
    undefined,
  );

  return (
    <>
      <Head title="رندر فارم ابری" />
      <Hero cheapest={cheapest} primaryHref={start.href} primaryLabel={start.label} />
      <StatsBand stats={stats} />

      {/* No bottom padding: the footer keeps its own distance. */}
      <Container className="space-y-20 pt-16">
        <section aria-labelledby="plans-title">
          <SectionHeading
            id="plans-title"
            title="پلن‌های پیشنهادی"
            lead="قیمت‌ها ساعتی است و فقط برای زمانی که سرور روشن است حساب می‌شود."
            action={plans.length > 0 && <SectionLink href="/plans">همه پلن‌ها</SectionLink>}
          />
          {plans.length > 0 ? (
            // Phones swipe through the plans side by side (the next card peeks in); wider screens get
            // a grid whose columns divide the plans evenly, so no card sits alone on the last row.
            // `relative` makes the list the containing block of the cards' screen-reader-only
            // labels (position: absolute); without it they escape the scroller and widen the page.
            <ul
              className={`relative -mx-4 flex snap-x snap-mandatory gap-4 overflow-x-auto px-4 pb-2 sm:mx-0 sm:grid sm:grid-cols-2 sm:overflow-visible sm:px-0 sm:pb-0 ${
                plans.length % 3 === 0 || plans.length > 4 ? 'lg:grid-cols-3' : ''
              }`}
            >
              {plans.map((plan) => (
                <li key={plan.slug} className="flex w-[85%] shrink-0 snap-start sm:w-auto">
                  <PlanCard plan={plan} />
                </li>
              ))}
            </ul>
          ) : (
            <EmptyState
              icon={Server}
              title="فعلاً پلنی برای اجاره آماده نیست"
              description="سرورهای جدید به‌زودی اضافه می‌شوند. برای رزرو یا پرسیدن زمان راه‌اندازی با پشتیبانی تماس بگیرید."
              action={
                <ButtonLink href="/support" variant="secondary">
                  تماس با پشتیبانی
                </ButtonLink>
              }
            />
          )}
        </section>

        <section aria-labelledby="software-title">
          <SectionHeading
            id="software-title"
            title="نرم‌افزارهای آماده روی سرورها"
            lead="سرور با نرم‌افزارهای رندر نصب‌شده تحویل می‌شود؛ لایسنس‌های خودتان را هم می‌توانید فعال کنید."
            action={software.length > 0 && <SectionLink href="/software">همه نرم‌افزارها</SectionLink>}
          />
          <SoftwareList images={software} />
        </section>

        <section aria-labelledby="steps-title">
          <SectionHeading
            id="steps-title"
            title="چطور کار می‌کند؟"
            lead="از ثبت‌نام تا اولین رندر، پنج قدم ساده."
          />
          <HowItWorks />
        </section>

        <section aria-labelledby="posts-title">
          <SectionHeading
            id="posts-title"
            title="تازه‌ترین مطالب"
            action={posts.length > 0 && <SectionLink href="/blog">همه مطالب</SectionLink>}
          />
          <LatestPosts posts={posts} />
        </section>

        <section
          aria-labelledby="cta-title"
          className="rounded-3xl bg-gray-900 px-6 py-12 text-center text-white sm:px-12"
        >
          <h2 id="cta-title" className="text-2xl font-bold sm:text-3xl">
            پروژه بعدی را روی سرور ابری رندر بگیرید
          </h2>
          <p className="mx-auto mt-3 max-w-xl text-gray-300">
            بدون هزینه خرید و نگهداری سخت‌افزار؛ هر وقت کارتان تمام شد، سرور را خاموش کنید.
          </p>
          <ButtonLink href={start.href} size="lg" className="mt-8">
            {start.label}
          </ButtonLink>
        </section>
      </Container>
    </>
  );
}
