import type { Pricing } from '@app/shared/settings/settings.schemas';
import {
  CalendarCheck,
  CreditCard,
  Infinity as InfinityIcon,
  type LucideIcon,
  MessageSquare,
  RotateCcw,
  Undo2,
} from 'lucide-react';

const benefits = (pricing: Pricing): { icon: LucideIcon; title: string; body: string }[] => [
  {
    icon: InfinityIcon,
    title: 'Unlimited listings',
    body: `Publish every lot you have to sell or need to buy, with no ${pricing.free.listingsPerMonth}-a-month cap.`,
  },
  {
    icon: MessageSquare,
    title: 'Free messaging',
    body: 'Start conversations with any buyer or seller without a contact fee.',
  },
  {
    icon: CalendarCheck,
    title: 'Listings do not expire',
    body: 'Your listings stay live until you take them down, instead of expiring at the end of the month.',
  },
  {
    icon: RotateCcw,
    title: 'Cancel anytime',
    body: 'No contract. Cancel from your dashboard and keep Premium until the end of the month you paid for.',
  },
  {
    icon: Undo2,
    title: `${pricing.moneyBackGuaranteeDays}-day money-back guarantee`,
    body: `Not the right fit? Cancel within ${pricing.moneyBackGuaranteeDays} days of your first payment for a full refund.`,
  },
  {
    icon: CreditCard,
    title: 'Secure card payments',
    body: 'All major cards, processed by our card payment provider. We never store your card number.',
  },
];

/** Why Premium: the benefits list of /subscription. */
export function PremiumBenefits({ pricing }: { pricing: Pricing }) {
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {benefits(pricing).map(({ icon: Icon, title, body }) => (
        <li key={title} className="flex gap-4">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary">
            <Icon className="size-5" aria-hidden />
          </span>
          <div>
            <h3 className="font-semibold">{title}</h3>
            <p className="mt-1 text-sm leading-relaxed text-muted-foreground">{body}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
