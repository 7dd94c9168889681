import {
  PAYMENT_METHOD_TYPES,
  type PaymentMethod,
  type PaymentMethodType,
} from '@app/shared/deals/deals.schemas';
import {
  ArrowRight,
  BadgeCheck,
  Banknote,
  CalendarClock,
  CreditCard,
  FileCheck2,
  Landmark,
  Lock,
  type LucideIcon,
  PackageCheck,
  Scale,
  ShieldCheck,
  Wallet,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { FaqList } from '@/components/page/faq-list';
import { PageHeader } from '@/components/page/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { paymentTerms } from '@/config/pricing';
import { usePaymentMethods } from '@/features/pricing/api/get-payment-methods';
import { PricingValue } from '@/features/pricing/components/pricing-value';
import { formatPercent, formatUsd } from '@/lib/format';
import { usePricing } from '@/lib/pricing';
import { usePublicPageMeta } from '@/lib/use-document-title';

const { card, klarna, escrow, wire } = paymentTerms.paymentMethods;

type MethodCard = {
  key: string;
  icon: LucideIcon;
  title: string;
  fee: string;
  badge?: string;
  points: string[];
};

/** The card fee as checkout charges it: the payment method's percentage, nothing fixed on top. */
const cardFee = (percent: number) => `${formatPercent(percent)} processing fee`;
/** The plain wire's fee as the books take it: a percentage of the wire, out of the seller's payout. */
const wireFee = (percent: number) =>
  `${formatPercent(percent)} processing fee, deducted from the seller's payout`;

/** The marketing copy of each payment route the spec names, by payment-method type. */
const METHODS: Record<PaymentMethodType, MethodCard> = {
  card: {
    key: 'card',
    icon: CreditCard,
    title: 'Credit & Debit Card',
    fee: cardFee(card.percent),
    points: [
      'Instant confirmation',
      `For deals up to ${formatUsd(card.limitCents)}`,
      'Visa, Mastercard and American Express',
    ],
  },
  klarna: {
    key: 'klarna',
    icon: CalendarClock,
    title: `Klarna Net ${klarna.netDays}`,
    fee: 'Buyer terms for approved businesses',
    points: [
      `Buy now, pay within ${klarna.netDays} days`,
      'Seller is paid on shipment',
      'Subject to Klarna approval',
    ],
  },
  escrow_wire: {
    key: 'escrow_wire',
    icon: ShieldCheck,
    title: 'Escrow (Wire)',
    fee: `${formatPercent(escrow.minPercent)} – ${formatPercent(escrow.maxPercent)} escrow fee`,
    badge: 'Recommended for large deals',
    points: [
      'Funds held by a licensed escrow partner',
      `${escrow.businessDays} business days to secure funds`,
      `Recommended above ${formatUsd(escrow.recommendedAboveCents)}`,
    ],
  },
  wire: {
    key: 'wire',
    icon: Landmark,
    title: 'Wire Transfer',
    fee: wireFee(2),
    points: [`${wire.businessDays} business days`, 'No upper limit', 'Best for trusted, repeat partners'],
  },
};

const isKnownType = (type: string): type is PaymentMethodType =>
  (PAYMENT_METHOD_TYPES as readonly string[]).includes(type);

/**
 * The methods buyers can choose today (an administrator may disable or add some), with the card's fee
 * as configured; until the list loads, or if it cannot, the spec's four routes.
 */
function methodCards(methods: PaymentMethod[] | undefined, wireFeePercent: number | undefined): MethodCard[] {
  const withFees = (copy: MethodCard, percent?: number): MethodCard => {
    if (copy.key === 'card' && percent !== undefined) return { ...copy, fee: cardFee(percent) };
    if (copy.key === 'wire' && wireFeePercent !== undefined) return { ...copy, fee: wireFee(wireFeePercent) };
    return copy;
  };
  if (!methods) return PAYMENT_METHOD_TYPES.map((type) => withFees(METHODS[type]));
  return methods.map((method) => {
    if (!isKnownType(method.type)) {
      return {
        key: method.id,
        icon: Wallet,
        title: method.name,
        fee:
          method.processingFeePercentage > 0
            ? `${formatPercent(method.processingFeePercentage)} processing fee`
            : 'No processing fee',
        points: method.description ? [method.description] : [],
      };
    }
    return withFees(METHODS[method.type], method.processingFeePercentage);
  });
}

const ESCROW_STEPS: { icon: LucideIcon; title: string; body: string }[] = [
  {
    icon: FileCheck2,
    title: 'Deal Agreement',
    body: 'Buyer and seller agree on material, quantity, price and delivery terms on Recytrade.',
  },
  {
    icon: Wallet,
    title: 'Funds Secured',
    body: 'The buyer pays into escrow. The seller sees the funds are held before anything ships.',
  },
  {
    icon: PackageCheck,
    title: 'Delivery & Confirmation',
    body: 'The seller ships and marks the deal as shipped; the buyer inspects the load on arrival.',
  },
  {
    icon: Banknote,
    title: 'Funds Released',
    body: `The buyer confirms and the seller is paid. Without a dispute, funds release automatically after ${paymentTerms.escrowAutoReleaseDays} days.`,
  },
];

const SECURITY: { icon: LucideIcon; title: string; body: string }[] = [
  {
    icon: Lock,
    title: 'Encrypted payments',
    body: 'Card and bank details go straight to PCI DSS compliant processors over encrypted connections.',
  },
  {
    icon: BadgeCheck,
    title: 'Reviewed companies',
    body: 'Company profiles are reviewed by our team, so you know who is on the other side of a deal.',
  },
  {
    icon: ShieldCheck,
    title: 'Fraud monitoring',
    body: 'Unusual payments and account activity are flagged and checked before money moves.',
  },
  {
    icon: Scale,
    title: 'Dispute resolution',
    body: 'Disputes go to mediation first and arbitration if needed, while escrowed funds stay protected.',
  },
];

const FAQ: { q: string; a: ReactNode }[] = [
  {
    q: 'Which payment method should I choose?',
    a: `Cards suit smaller deals that need to close quickly. For deals above ${formatUsd(escrow.recommendedAboveCents)}, or with a partner you have not traded with before, we recommend escrow. Wire transfer works well between trusted, repeat partners.`,
  },
  {
    q: 'How does escrow protect me?',
    a: 'The buyer’s money is held by a licensed escrow partner, not by the seller or by Recytrade. The seller ships knowing the funds exist, and the buyer pays out only after the goods arrive as agreed.',
  },
  {
    q: 'When are escrowed funds released?',
    a: `When the buyer confirms delivery, or automatically ${paymentTerms.escrowAutoReleaseDays} days after the seller marks the deal as shipped if no dispute has been opened.`,
  },
  {
    q: 'What happens if there is a dispute?',
    a: 'Either party can open a dispute while funds are held. The funds stay in escrow while our team mediates; if mediation fails, the case goes to independent arbitration.',
  },
  {
    q: 'What does Recytrade charge?',
    a: (
      <>
        A <PricingValue figure="commission" /> commission on the deal value, shown in the offer and added to
        the deal's total. On the free plan, starting a new conversation costs{' '}
        <PricingValue figure="contactFee" />; Premium (
        <PricingValue figure="premiumMonthly" /> per month) includes free messaging. Payment method fees are
        shown above.
      </>
    ),
  },
  {
    q: 'Is there a limit on card payments?',
    a: `Yes, card payments are limited to ${formatUsd(card.limitCents)} per deal. Larger deals use escrow or wire transfer.`,
  },
  {
    q: 'How long do refunds take?',
    a: `Refunds to cards take ${paymentTerms.refundBusinessDays} business days to appear, depending on your bank. Escrow refunds are returned to the buyer's account once the dispute or cancellation is settled.`,
  },
  {
    q: 'Which currencies are supported?',
    a: 'All prices and payments on Recytrade are in US dollars (USD). International wire transfers are converted by your bank.',
  },
];

export function PaymentsPage() {
  usePublicPageMeta('/payments');
  const paymentMethods = usePaymentMethods();
  const pricing = usePricing();
  return (
    <>
      <PageHeader
        eyebrow="Payments & Escrow"
        title="Secure payments for every deal"
        description="Pay by card, buyer terms, wire transfer or escrow. Whatever you trade, both sides know the money is safe before a load moves."
      >
        <Button asChild>
          <Link to={paths.marketplace}>
            Browse the Marketplace
            <ArrowRight aria-hidden />
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link to={paths.contact}>Talk to Our Team</Link>
        </Button>
      </PageHeader>

      <div className="container-page grid grid-cols-1 gap-16 py-12 md:py-16">
        <section aria-labelledby="methods-title">
          <h2 id="methods-title" className="text-2xl font-bold tracking-tight">
            Payment Methods
          </h2>
          <p className="mt-2 text-muted-foreground">
            Fees are charged by the payment provider and shown before you pay.
          </p>
          <div className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {methodCards(paymentMethods.data, pricing.data?.wireProcessingFeePercent).map(
              ({ key, icon: Icon, title, fee, badge, points }) => (
                <Card key={key} className="flex flex-col">
                  <CardHeader>
                    <div className="flex items-start justify-between gap-2">
                      <Icon className="size-6 text-primary" aria-hidden />
                      {badge ? <Badge variant="success">{badge}</Badge> : null}
                    </div>
                    <CardTitle className="mt-2">{title}</CardTitle>
                    <CardDescription className="tabular font-medium text-slate-800">{fee}</CardDescription>
                  </CardHeader>
                  <CardContent>
                    <ul className="grid gap-2 text-sm text-muted-foreground">
                      {points.map((point) => (
                        <li key={point} className="flex gap-2">
                          <span className="mt-2 size-1.5 shrink-0 rounded-full bg-primary" aria-hidden />
                          {point}
                        </li>
                      ))}
                    </ul>
                  </CardContent>
                </Card>
              ),
            )}
          </div>
        </section>

        <section aria-labelledby="escrow-title">
          <h2 id="escrow-title" className="text-2xl font-bold tracking-tight">
            How Escrow Works
          </h2>
          <p className="mt-2 max-w-3xl text-muted-foreground">
            Escrow keeps the buyer's payment with a neutral party until the goods are delivered as agreed.
          </p>
          <ol className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {ESCROW_STEPS.map(({ icon: Icon, title, body }, index) => (
              <li key={title} className="rounded-card border bg-card p-6 shadow-card">
                <div className="flex items-center gap-3">
                  <span className="tabular flex size-8 items-center justify-center rounded-full bg-primary text-sm font-bold text-primary-foreground">
                    {index + 1}
                  </span>
                  <Icon className="size-5 text-primary" aria-hidden />
                </div>
                <h3 className="mt-4 font-semibold">{title}</h3>
                <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{body}</p>
              </li>
            ))}
          </ol>
          <div className="mt-6 rounded-lg border border-teal-200 bg-primary-soft p-4 text-sm text-primary-soft-foreground">
            <strong>Automatic release:</strong> if the buyer neither confirms delivery nor opens a dispute
            within {paymentTerms.escrowAutoReleaseDays} days of shipment, the funds are released to the
            seller. Sellers can also be paid earlier when the buyer releases the funds manually.
          </div>
        </section>

        <section aria-labelledby="security-title">
          <h2 id="security-title" className="text-2xl font-bold tracking-tight">
            Security Features
          </h2>
          <div className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {SECURITY.map(({ icon: Icon, title, body }) => (
              <div key={title} className="flex gap-4">
                <div className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary">
                  <Icon className="size-5" aria-hidden />
                </div>
                <div>
                  <h3 className="font-semibold">{title}</h3>
                  <p className="mt-1 text-sm leading-relaxed text-muted-foreground">{body}</p>
                </div>
              </div>
            ))}
          </div>
        </section>

        <section aria-labelledby="fees-title" className="rounded-card border bg-surface p-6 md:p-8">
          <h2 id="fees-title" className="text-2xl font-bold tracking-tight">
            Platform Fees
          </h2>
          <dl className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            <Fee
              value={<PricingValue figure="commission" skeletonClassName="w-12" />}
              label="commission on the deal value"
            />
            <Fee
              value={<PricingValue figure="contactFee" skeletonClassName="w-14" />}
              label="per new conversation on the free plan"
            />
            <Fee
              value={
                <PricingValue
                  render={(p) => `${formatUsd(p.premium.monthlyCents)}/month`}
                  skeletonClassName="w-28"
                />
              }
              label="Premium: unlimited listings, free messaging"
            />
            <Fee
              value={<PricingValue figure="featuredListingFee" skeletonClassName="w-14" />}
              label={
                <>
                  featured listing for <PricingValue figure="featuredListingDays" /> days
                </>
              }
            />
          </dl>
        </section>

        <section aria-labelledby="payments-faq" className="mx-auto w-full max-w-3xl">
          <h2 id="payments-faq" className="text-2xl font-bold tracking-tight">
            Frequently Asked Questions
          </h2>
          <FaqList items={FAQ} className="mt-6" />
          <p className="mt-8 text-center text-muted-foreground">
            Still have questions?{' '}
            <Link to={paths.contact} className="font-medium text-primary underline-offset-4 hover:underline">
              Contact our payments team
            </Link>
            .
          </p>
        </section>
      </div>
    </>
  );
}

function Fee({ value, label }: { value: ReactNode; label: ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="tabular order-first text-2xl font-bold text-foreground">{value}</dd>
    </div>
  );
}
