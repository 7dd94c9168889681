import type { Pricing } from '@app/shared/settings/settings.schemas';
import { FaqList } from '@/components/page/faq-list';
import { formatUsd } from '@/lib/format';

const questions = (pricing: Pricing) => {
  const premium = formatUsd(pricing.premium.monthlyCents, { alwaysCents: true });
  const days = pricing.moneyBackGuaranteeDays;
  return [
    {
      q: 'Can I cancel anytime?',
      a: 'Yes. Open your dashboard and choose Manage Subscription to cancel whenever you like. There is no contract and no cancellation fee: Premium stays active until the end of the period you have paid for, and you are not charged again.',
    },
    {
      q: `Is there a money-back guarantee?`,
      a: `Yes, a ${days}-day money-back guarantee. Within ${days} days of your first payment, choose "Cancel with full refund" on your dashboard: Premium ends at once and the full ${premium} goes back to your card.`,
    },
    {
      q: 'Which payment methods do you accept?',
      a: 'All major credit and debit cards, including Visa, Mastercard and American Express. Payments are processed securely by our card payment provider; Recytrade never sees or stores your full card number.',
    },
    {
      q: 'What happens to my listings if I cancel?',
      a: `Nothing is deleted. Listings you published while on Premium stay live and do not expire. When your paid period ends, your account moves to the free plan: new listings count towards the ${pricing.free.listingsPerMonth} per calendar month and expire on the 1st of the following month, and starting a new conversation costs ${formatUsd(pricing.contactFeeCents)} again.`,
    },
    {
      q: 'When am I charged?',
      a: `When you subscribe, and then every month on the same day until you cancel. The price is ${premium} per month in US dollars; you can update your card under Manage Subscription.`,
    },
  ];
};

/** The questions people ask before they pay. */
export function SubscriptionFaq({ pricing }: { pricing: Pricing }) {
  return <FaqList items={questions(pricing)} />;
}
