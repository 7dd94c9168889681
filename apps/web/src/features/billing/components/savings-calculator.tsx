import type { Pricing } from '@app/shared/settings/settings.schemas';
import { Calculator } from 'lucide-react';
import { useId, useState } from 'react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { formatUsd } from '@/lib/format';
import { comparePlans, parseUsageCount, USAGE_MAX } from '../utils/plan-savings';

const money = (cents: number) => formatUsd(cents, { alwaysCents: true });
const INVALID_COUNT = `Enter a whole number from 0 to ${USAGE_MAX.toLocaleString('en-US')}`;

/** "What would Premium save me?": contact fees on the free plan against the Premium price, per month. */
export function SavingsCalculator({ pricing }: { pricing: Pricing }) {
  const resultId = useId();
  const [conversationsText, setConversationsText] = useState('8');
  const [listingsText, setListingsText] = useState('10');
  const conversations = parseUsageCount(conversationsText);
  const listings = parseUsageCount(listingsText);

  const result =
    conversations === null || listings === null
      ? null
      : comparePlans(
          { newConversations: conversations, listings },
          {
            contactFeeCents: pricing.contactFeeCents,
            premiumMonthlyCents: pricing.premium.monthlyCents,
            freeListingsPerMonth: pricing.free.listingsPerMonth,
          },
        );

  return (
    <Card>
      <CardHeader>
        <div className="flex items-center gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary">
            <Calculator className="size-5" aria-hidden />
          </span>
          <CardTitle as="h2" className="text-xl">
            Savings Calculator
          </CardTitle>
        </div>
        <CardDescription>
          Enter what you expect to do in a typical month to compare what each plan costs you.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.2fr)]">
        <div className="grid content-start gap-5">
          <FormField
            label="New conversations per month"
            hint={`Each new conversation costs ${formatUsd(pricing.contactFeeCents)} on the free plan.`}
            error={conversations === null ? INVALID_COUNT : undefined}
          >
            <Input
              type="number"
              inputMode="numeric"
              min={0}
              max={USAGE_MAX}
              step={1}
              value={conversationsText}
              onChange={(e) => setConversationsText(e.target.value)}
              className="tabular"
            />
          </FormField>
          <FormField
            label="Listings per month"
            hint={`The free plan includes ${pricing.free.listingsPerMonth} listings per calendar month.`}
            error={listings === null ? INVALID_COUNT : undefined}
          >
            <Input
              type="number"
              inputMode="numeric"
              min={0}
              max={USAGE_MAX}
              step={1}
              value={listingsText}
              onChange={(e) => setListingsText(e.target.value)}
              className="tabular"
            />
          </FormField>
        </div>

        <section
          aria-labelledby={resultId}
          aria-live="polite"
          className="rounded-lg border bg-surface p-4 sm:p-5"
        >
          <h3 id={resultId} className="text-sm font-semibold uppercase tracking-wide text-muted-foreground">
            Your monthly cost
          </h3>
          {result ? (
            <>
              <dl className="mt-4 grid gap-3 text-sm">
                <div className="flex items-baseline justify-between gap-4">
                  <dt className="text-slate-700">
                    Free plan: {conversations} × {formatUsd(pricing.contactFeeCents)} contact fees
                  </dt>
                  <dd className="tabular font-semibold text-foreground">{money(result.freePlanCents)}</dd>
                </div>
                <div className="flex items-baseline justify-between gap-4">
                  <dt className="text-slate-700">Premium plan</dt>
                  <dd className="tabular font-semibold text-foreground">{money(result.premiumCents)}</dd>
                </div>
                <div className="flex items-baseline justify-between gap-4 border-t pt-3">
                  <dt className="font-semibold text-foreground">
                    {result.monthlySavingsCents >= 0 ? 'You save with Premium' : 'Premium costs more by'}
                  </dt>
                  <dd
                    className={cn(
                      'tabular shrink-0 whitespace-nowrap text-2xl font-bold',
                      result.monthlySavingsCents > 0 ? 'text-success' : 'text-foreground',
                    )}
                  >
                    {money(Math.abs(result.monthlySavingsCents))}
                    <span className="text-sm font-medium text-muted-foreground"> / month</span>
                  </dd>
                </div>
              </dl>
              <p className="mt-3 text-sm text-muted-foreground">
                {result.monthlySavingsCents > 0
                  ? `That is ${money(result.yearlySavingsCents)} a year.`
                  : result.breakEvenConversations !== null
                    ? `Premium pays for itself from ${result.breakEvenConversations} new conversations a month.`
                    : 'Contacts are free on both plans at the moment.'}
              </p>
              {result.listingsOverFreeLimit > 0 ? (
                <Alert variant="warning" className="mt-4">
                  <AlertDescription>
                    The free plan stops at {pricing.free.listingsPerMonth} listings a month, so{' '}
                    {result.listingsOverFreeLimit} of your {listings} listings would need Premium.
                  </AlertDescription>
                </Alert>
              ) : null}
            </>
          ) : (
            <p className="mt-4 text-sm text-muted-foreground">Enter whole numbers to see the comparison.</p>
          )}
        </section>
      </CardContent>
    </Card>
  );
}
