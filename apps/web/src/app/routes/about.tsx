import { Eye, Handshake, Leaf, type LucideIcon, Mail, MapPin, Phone, ShieldCheck } from 'lucide-react';
import { PageHeader } from '@/components/page/page-header';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { site } from '@/config/site';
import {
  formatShortTons,
  usePlatformImpactTotals,
} from '@/features/market/impact/components/platform-impact';
import { formatCo2e } from '@/lib/format';
import { usePublicPageMeta } from '@/lib/use-document-title';

const VALUES: { icon: LucideIcon; title: string; body: string }[] = [
  {
    icon: Leaf,
    title: 'Sustainability',
    body: 'Every material that finds a buyer is one that stays out of landfill. We build for a circular economy first.',
  },
  {
    icon: Eye,
    title: 'Transparency',
    body: 'Clear prices, clear fees and clear rules. Traders see what they pay before they commit.',
  },
  {
    icon: ShieldCheck,
    title: 'Trust',
    body: 'Reviewed company profiles and escrow-protected payments let strangers trade with confidence.',
  },
  {
    icon: Handshake,
    title: 'Partnership',
    body: 'We succeed when our traders do: we listen to the yards, plants and desks that use Recytrade every day.',
  },
];

const STATS = [
  { value: '10,000+', label: 'tons of material traded' },
  { value: '500+', label: 'active traders' },
  { value: '50+', label: 'countries' },
  { value: '95%', label: 'customer satisfaction' },
];

const STEPS = [
  {
    title: 'Sign Up & Subscribe',
    body: 'Create your company account for free, and upgrade to Premium when you need unlimited listings and free messaging.',
  },
  {
    title: 'List Your Materials',
    body: 'Post what you sell or what you want to buy, with quantity, price per unit, location and photos.',
  },
  {
    title: 'Connect & Trade',
    body: 'Message interested traders, agree terms and complete the deal with protected payments.',
  },
];

export function AboutPage() {
  usePublicPageMeta('/about');
  // The tonnage is live once deals have completed; the other figures are the spec's.
  const impact = usePlatformImpactTotals();
  const stats = impact
    ? STATS.map((stat, i) => (i === 0 ? { ...stat, value: formatShortTons(impact.totals.tonnes) } : stat))
    : STATS;
  return (
    <>
      <PageHeader
        eyebrow="About Recytrade"
        title="Building the marketplace for the circular economy"
        description="Recytrade helps recycling businesses of every size find buyers, secure supply and trade recyclable commodities with confidence."
      />
      <div className="container-page grid grid-cols-1 gap-16 py-12 md:py-16">
        <section aria-labelledby="mission" className="grid gap-10 lg:grid-cols-2">
          <div>
            <h2 id="mission" className="text-2xl font-bold tracking-tight">
              Our Mission
            </h2>
            <p className="mt-4 leading-relaxed text-slate-700">
              Recyclable materials only create value when they reach the right buyer. Too often that depends
              on a phone book of contacts, opaque prices and trust built over years. Our mission is to make
              the trade in recyclable commodities open, fair and efficient, so that more material is recovered
              and less is wasted.
            </p>
          </div>
          <div>
            <h2 className="text-2xl font-bold tracking-tight">What We Do</h2>
            <p className="mt-4 leading-relaxed text-slate-700">
              Recytrade is a business-to-business marketplace for metals, plastics, paper, textiles and more.
              Sellers list lots, buyers post what they need, and both find each other through search, smart
              matching and a directory of companies across 13 recycling sectors. Deals are agreed on the
              platform and paid by card, wire transfer or escrow, with market prices and impact reporting
              alongside.
            </p>
          </div>
        </section>

        <section aria-labelledby="values">
          <h2 id="values" className="text-2xl font-bold tracking-tight">
            Our Values
          </h2>
          <div className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {VALUES.map(({ icon: Icon, title, body }) => (
              <Card key={title}>
                <CardHeader>
                  <Icon className="mb-2 size-6 text-primary" aria-hidden />
                  <CardTitle>{title}</CardTitle>
                  <CardDescription className="leading-relaxed">{body}</CardDescription>
                </CardHeader>
              </Card>
            ))}
          </div>
        </section>

        <section
          aria-labelledby="impact"
          className="rounded-card bg-primary px-6 py-10 text-primary-foreground md:px-10"
        >
          <h2 id="impact" className="text-2xl font-bold tracking-tight">
            Our Impact
          </h2>
          <dl className="mt-8 grid grid-cols-2 gap-8 lg:grid-cols-4">
            {stats.map((stat) => (
              <div key={stat.label} className="flex flex-col gap-1">
                <dt className="text-sm text-teal-50">{stat.label}</dt>
                <dd className="tabular order-first text-4xl font-extrabold tracking-tight">{stat.value}</dd>
              </div>
            ))}
          </dl>
          {impact ? (
            <p className="mt-6 text-sm text-teal-50">
              Tonnage from completed deals on Recytrade
              {impact.totals.co2eAvoidedKg > 0
                ? `, which avoided ${formatCo2e(impact.totals.co2eAvoidedKg)}`
                : ''}
              . Figures are an {impact.label}.
            </p>
          ) : null}
        </section>

        <section aria-labelledby="how-title">
          <h2 id="how-title" className="text-2xl font-bold tracking-tight">
            How It Works
          </h2>
          <ol className="mt-6 grid gap-6 md:grid-cols-3">
            {STEPS.map((step, index) => (
              <li key={step.title} className="rounded-card border bg-card p-6 shadow-card">
                <span className="tabular flex size-9 items-center justify-center rounded-full bg-primary-soft text-sm font-bold text-primary-soft-foreground">
                  {index + 1}
                </span>
                <h3 className="mt-4 text-lg font-semibold">{step.title}</h3>
                <p className="mt-2 leading-relaxed text-muted-foreground">{step.body}</p>
              </li>
            ))}
          </ol>
        </section>

        <section
          aria-labelledby="contact-title"
          className="grid gap-6 rounded-card border bg-surface p-6 md:grid-cols-[1fr_2fr] md:p-10"
        >
          <div>
            <h2 id="contact-title" className="text-2xl font-bold tracking-tight">
              Get in Touch
            </h2>
            <p className="mt-3 text-muted-foreground">
              Questions about trading on Recytrade, partnerships or press? We reply within{' '}
              {site.supportReplyHours} hours.
            </p>
          </div>
          <ul className="grid gap-4 sm:grid-cols-3">
            <li className="flex gap-3">
              <Mail className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
              <div>
                <p className="font-medium">Email</p>
                <a
                  href={`mailto:${site.supportEmail}`}
                  className="text-sm break-all text-primary underline-offset-4 hover:underline"
                >
                  {site.supportEmail}
                </a>
              </div>
            </li>
            <li className="flex gap-3">
              <Phone className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
              <div>
                <p className="font-medium">Phone</p>
                <p className="tabular text-sm text-muted-foreground">{site.supportPhone}</p>
              </div>
            </li>
            <li className="flex gap-3">
              <MapPin className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
              <div>
                <p className="font-medium">Office</p>
                <address className="text-sm text-muted-foreground not-italic">
                  {site.address.map((line) => (
                    <span key={line} className="block">
                      {line}
                    </span>
                  ))}
                </address>
              </div>
            </li>
          </ul>
        </section>
      </div>
    </>
  );
}
