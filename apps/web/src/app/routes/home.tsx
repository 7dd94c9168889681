import { MATERIALS } from '@app/shared/catalog/catalog';
import {
  ArrowRight,
  Check,
  Handshake,
  LayoutDashboard,
  Leaf,
  LineChart,
  type LucideIcon,
  PackageSearch,
  ShieldCheck,
  TrendingUp,
  UserPlus,
  Zap,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { paymentTerms } from '@/config/pricing';
import { AdSlot } from '@/features/ads/components/ad-slot';
import { ListingDealButtons } from '@/features/deals/components/listing-deal-buttons';
import { FeaturedListings } from '@/features/listings/components/featured-listings';
import { PlatformImpactStrip } from '@/features/market/impact/components/platform-impact';
import { PricingValue } from '@/features/pricing/components/pricing-value';
import { useAuth, useAuthDialog } from '@/lib/auth-client';
import { formatUsd } from '@/lib/format';
import { usePublicPageMeta } from '@/lib/use-document-title';

const PROMISES = [
  'Connect with recyclers worldwide',
  'Buy and sell recyclable commodities',
  'Smart matching of buyers and sellers',
  'Real-time pricing and market trends',
  'Environmental impact tracking',
];

/** Promises that are pages of their own link to them. */
const PROMISE_LINKS: Record<string, string> = {
  'Real-time pricing and market trends': paths.market,
};

const FEATURES: { icon: LucideIcon; title: string; body: string }[] = [
  {
    icon: Zap,
    title: 'Efficient Trading',
    body: 'Post a buy or sell listing in minutes, reach verified counterparties directly and close deals with escrow-protected payments.',
  },
  {
    icon: LineChart,
    title: 'Market Insights',
    body: 'Follow prices and trends per material, see what buyers are asking for and time your sales with real market data.',
  },
  {
    icon: Leaf,
    title: 'Sustainable Impact',
    body: 'Every tonne you trade stays in the loop. Track the materials you keep out of landfill and report your impact with confidence.',
  },
];

const STEPS: { icon: LucideIcon; title: string; body: string }[] = [
  {
    icon: UserPlus,
    title: 'Create Account',
    body: 'Sign up with your company name and recycling sector, confirm your email and set up your company profile.',
  },
  {
    icon: PackageSearch,
    title: 'Browse or Post',
    body: 'Search buy and sell listings by material, price and location, or post your own lots for buyers to find.',
  },
  {
    icon: Handshake,
    title: 'Connect & Trade',
    body: 'Message traders directly, agree on price and quantity, and pay through escrow so both sides are protected.',
  },
  {
    icon: TrendingUp,
    title: 'Grow Business',
    body: 'Build a track record, find repeat partners across regions and use market insights to buy and sell at the right time.',
  },
];

export function HomePage() {
  usePublicPageMeta('/');
  const { user, loading } = useAuth();
  const dialog = useAuthDialog();

  return (
    <>
      <section
        aria-labelledby="hero-title"
        className="relative overflow-hidden border-b bg-gradient-to-b from-primary-soft to-background"
      >
        <div className="container-page grid grid-cols-1 gap-12 py-14 md:py-20 lg:grid-cols-[1.15fr_1fr] lg:items-center">
          <div>
            <p className="inline-flex items-center gap-2 rounded-full border border-teal-200 bg-background px-3 py-1 text-sm font-medium text-primary-soft-foreground">
              <ShieldCheck className="size-4" aria-hidden />
              The B2B marketplace for recycling commodities
            </p>
            <h1
              id="hero-title"
              className="mt-6 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl"
            >
              Trade recyclable materials with partners you can trust
            </h1>
            <p className="mt-5 max-w-xl text-lg leading-relaxed text-slate-700">
              Recytrade brings scrap yards, recycling plants and trading desks onto one marketplace: list what
              you have, find what you need and close the deal with protected payments.
            </p>
            <ul className="mt-6 grid gap-2.5 text-slate-800 sm:grid-cols-2">
              {PROMISES.map((promise) => (
                <li key={promise} className="flex items-start gap-2.5">
                  <span className="mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full bg-primary text-primary-foreground">
                    <Check className="size-3.5" aria-hidden />
                  </span>
                  {PROMISE_LINKS[promise] ? (
                    <Link
                      to={PROMISE_LINKS[promise]}
                      className="underline underline-offset-4 hover:text-primary"
                    >
                      {promise}
                    </Link>
                  ) : (
                    <span>{promise}</span>
                  )}
                </li>
              ))}
            </ul>
            <div className="mt-8 flex flex-wrap items-center gap-3">
              {loading ? (
                <Skeleton className="h-12 w-44" />
              ) : user ? (
                <Button asChild size="lg">
                  <Link to={paths.dashboard}>
                    <LayoutDashboard aria-hidden />
                    Go to Dashboard
                  </Link>
                </Button>
              ) : (
                <Button size="lg" onClick={() => dialog.open('signin')}>
                  Start Trading
                  <ArrowRight aria-hidden />
                </Button>
              )}
              <Button asChild size="lg" variant="outline">
                <a href="#how-it-works">See How It Works</a>
              </Button>
            </div>
          </div>

          <Card className="p-6 md:p-8">
            <h2 className="text-sm font-semibold uppercase tracking-wide text-muted-foreground">
              Materials traded on Recytrade
            </h2>
            <ul className="mt-4 flex flex-wrap gap-2">
              {MATERIALS.map((material) => (
                <li
                  key={material}
                  className="rounded-full border bg-surface px-3 py-1.5 text-sm font-medium text-slate-800"
                >
                  {material}
                </li>
              ))}
            </ul>
            <div className="mt-6 grid gap-4 border-t pt-6 sm:grid-cols-3 lg:grid-cols-1 xl:grid-cols-3">
              <HeroFact
                value={formatUsd(0)}
                label={
                  <>
                    to start, with <PricingValue figure="freeListings" /> free listings every month
                  </>
                }
              />
              <HeroFact
                value={<PricingValue figure="commission" skeletonClassName="w-12" />}
                label="commission, only when a deal closes"
              />
              <HeroFact
                value={`${paymentTerms.escrowAutoReleaseDays} days`}
                label="escrow protection after delivery"
              />
            </div>
          </Card>
        </div>

        <div className="container-page pb-14 md:pb-20">
          <h2 className="sr-only">Why traders choose Recytrade</h2>
          <div className="grid gap-6 md:grid-cols-3">
            {FEATURES.map(({ icon: Icon, title, body }) => (
              <Card key={title} className="h-full">
                <CardHeader>
                  <div className="mb-2 flex size-11 items-center justify-center rounded-lg bg-primary-soft text-primary">
                    <Icon className="size-5" aria-hidden />
                  </div>
                  <CardTitle>{title}</CardTitle>
                </CardHeader>
                <CardContent>
                  <CardDescription className="text-[0.9375rem] leading-relaxed">{body}</CardDescription>
                </CardContent>
              </Card>
            ))}
          </div>
          <PlatformImpactStrip />
        </div>
      </section>

      <FeaturedListings
        dealButtons={(listing) => <ListingDealButtons listing={listing} showMakeOffer={false} />}
      />

      <section id="how-it-works" aria-labelledby="how-it-works-title" className="py-16 md:py-24">
        <div className="container-page">
          <div className="mx-auto max-w-2xl text-center">
            <h2 id="how-it-works-title" className="text-3xl font-bold tracking-tight">
              How It Works
            </h2>
            <p className="mt-4 text-lg text-muted-foreground">
              From first listing to a completed deal in four steps.
            </p>
          </div>
          <ol className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {STEPS.map(({ icon: Icon, title, body }, index) => (
              <li key={title} className="relative rounded-card border bg-card p-6 shadow-card">
                <div className="flex items-center gap-3">
                  <span className="tabular flex size-9 items-center justify-center rounded-full bg-primary text-sm font-bold text-primary-foreground">
                    {index + 1}
                  </span>
                  <Icon className="size-5 text-primary" aria-hidden />
                </div>
                <h3 className="mt-4 text-lg font-semibold">{title}</h3>
                <p className="mt-2 text-[0.9375rem] leading-relaxed text-muted-foreground">{body}</p>
              </li>
            ))}
          </ol>
          <AdSlot placement="landing" className="mt-12" />
        </div>
      </section>

      {!loading && !user ? (
        <section aria-labelledby="plans-title" className="border-t bg-surface py-16">
          <div className="container-page flex flex-col items-start justify-between gap-8 md:flex-row md:items-center">
            <div className="max-w-2xl">
              <h2 id="plans-title" className="text-2xl font-bold tracking-tight">
                Start free. Upgrade when you grow.
              </h2>
              <p className="mt-3 text-muted-foreground">
                The free plan includes <PricingValue figure="freeListings" /> listings a month and{' '}
                <PricingValue figure="contactFee" /> per new contact. Premium is{' '}
                <PricingValue figure="premiumMonthly" /> a month with unlimited listings and free messaging.
              </p>
            </div>
            <div className="flex flex-wrap gap-3">
              <Button size="lg" onClick={() => dialog.open('signup')}>
                Create Free Account
              </Button>
              <Button asChild size="lg" variant="outline">
                <Link to={paths.payments}>Learn About Escrow</Link>
              </Button>
            </div>
          </div>
        </section>
      ) : null}
    </>
  );
}

function HeroFact({ value, label }: { value: ReactNode; label: ReactNode }) {
  return (
    <div>
      <p className="tabular text-2xl font-bold text-foreground">{value}</p>
      <p className="mt-1 text-sm text-muted-foreground">{label}</p>
    </div>
  );
}
