import { ShieldCheck, Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';

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

/**
 * The ad block: a house promotion only. No third-party ad script runs on Recytrade, so the slot never
 * tracks visitors or shifts the layout while it loads.
 */
export function AdSlot({
  promotion = 'premium',
  className,
}: {
  promotion?: keyof typeof PROMOTIONS;
  className?: string;
}) {
  const { icon: Icon, title, body, cta, to } = PROMOTIONS[promotion];
  return (
    <aside
      aria-label="Advertisement"
      className={cn(
        'flex flex-col gap-4 rounded-card border border-teal-200 bg-primary-soft p-6 sm:flex-row sm:items-center',
        className,
      )}
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
