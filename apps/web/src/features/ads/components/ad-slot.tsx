import type { AdPlacement } from '@app/shared/ads/ad-rules';
import { useQuery } from '@tanstack/react-query';
import { ShieldCheck, Sparkles } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { publicConfigQueryOptions } from '@/lib/public-config';
import { useAfterFirstPaint } from '@/lib/use-after-first-paint';

/** The provider's ad and its refresh rules load only when a provider is configured. */
const ProviderAd = lazy(() => import('./provider-ad').then((m) => ({ default: m.ProviderAd })));

const PROMOTIONS = {
  premium: {
    icon: Sparkles,
    title: 'Unlimited listings with Premium',
    body: 'Post as many lots as you trade, message any trader for free and keep your listings live past the month.',
    cta: 'See Premium',
    to: paths.subscription,
  },
  escrow: {
    icon: ShieldCheck,
    title: 'Trade safely with escrow',
    body: 'The buyer’s payment is held until the goods arrive, so both sides of the deal are protected.',
    cta: 'Learn About Escrow',
    to: paths.payments,
  },
} as const;

export type AdPromotion = keyof typeof PROMOTIONS;

/** The height every slot reserves from its first render, so nothing below it moves when it fills. */
const RESERVED_HEIGHT = 'min-h-[18rem] sm:min-h-[11rem]';

/**
 * The ad block. By default (no provider configured) it shows a house promotion and loads no
 * third-party script. With a provider it shows the provider's ad, refreshed every 30 s at most 5
 * times, retried once 500 ms after a failed fill, and replaced by the house promotion if that fails.
 */
export function AdSlot({
  placement,
  promotion = 'premium',
  className,
}: {
  /** Picks the provider slot id from ADS_SLOT_IDS; without it the default id applies. */
  placement?: AdPlacement;
  promotion?: AdPromotion;
  className?: string;
}) {
  // Below the first screen everywhere it is placed: its configuration is asked for once the page has painted.
  const config = useQuery({ ...publicConfigQueryOptions(), enabled: useAfterFirstPaint() });
  const ads = config.data?.ads;
  const slotId =
    ads?.provider === 'adsense' ? ((placement && ads.slots[placement]) ?? ads.slots.default) : undefined;
  return (
    <div
      className={cn(RESERVED_HEIGHT, 'flex flex-col', className)}
      data-ad-placement={placement ?? 'default'}
    >
      {config.isPending ? (
        <div aria-hidden className="flex-1 rounded-card bg-slate-50" />
      ) : ads?.provider === 'adsense' ? (
        <Suspense fallback={<div aria-hidden className="flex-1 rounded-card bg-slate-50" />}>
          <ProviderAd
            clientId={ads.clientId}
            slotId={slotId}
            fallback={<HousePromotion promotion={promotion} />}
          />
        </Suspense>
      ) : (
        <HousePromotion promotion={promotion} />
      )}
    </div>
  );
}

export function HousePromotion({ promotion }: { promotion: AdPromotion }) {
  const { icon: Icon, title, body, cta, to } = PROMOTIONS[promotion];
  return (
    <aside
      aria-label="Advertisement"
      className="flex flex-1 flex-col gap-4 rounded-card border border-teal-200 bg-primary-soft p-6 sm:flex-row sm:items-center"
    >
      <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-primary text-primary-foreground">
        <Icon className="size-6" aria-hidden />
      </span>
      <div className="flex-1">
        <p className="text-xs font-semibold uppercase tracking-wide text-primary-soft-foreground">
          Sponsored · Recytrade
        </p>
        <p className="mt-1 text-lg font-semibold">{title}</p>
        <p className="mt-1 text-sm text-slate-700">{body}</p>
      </div>
      <Button asChild variant="outline">
        <Link to={to}>{cta}</Link>
      </Button>
    </aside>
  );
}
