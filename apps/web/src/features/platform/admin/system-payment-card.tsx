import { dollarsToCents, hasAtMostDecimals } from '@app/shared/money/money';
import { SETTING_DEFINITIONS, type SettingList } from '@app/shared/settings/settings.schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { CreditCard } from 'lucide-react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { settingValue } from '../api/system-settings';
import { LastChanged, SaveButton, SettingsCard, SwitchField, useSaveSettings } from './system-card';

const KEYS = [
  'fees.commission_rate_bps',
  'fees.contact_fee_cents',
  'fees.featured_listing_cents',
  'deals.escrow_required',
  'deals.claim_window_days',
  'deals.claim_answer_days',
] as const;

/** The fee settings hold at most 100,000 cents. */
const MAX_FEE_DOLLARS = 1000;

const fee = (name: string) =>
  z
    .number({ error: `Please enter the ${name}` })
    .min(0, `The ${name} cannot be negative`)
    .max(MAX_FEE_DOLLARS, `The ${name} must be at most $1,000`)
    .refine((v) => hasAtMostDecimals(v, 2), `The ${name} can have at most 2 decimals`);

const PaymentFormSchema = z.object({
  commissionPercent: z
    .number({ error: 'Please enter the commission rate' })
    .min(0, 'The commission rate must be between 0 and 100')
    .max(100, 'The commission rate must be between 0 and 100')
    // Whole basis points: 2.5% is 250; 2.505% would be rounded, so it is refused.
    .refine((v) => hasAtMostDecimals(v, 2), 'The commission rate can have at most 2 decimals'),
  contactFeeDollars: fee('contact fee'),
  featuredFeeDollars: fee('featured listing fee'),
  escrowRequired: z.boolean(),
  claimWindowDays: SETTING_DEFINITIONS['deals.claim_window_days'].schema,
  claimAnswerDays: SETTING_DEFINITIONS['deals.claim_answer_days'].schema,
});
type PaymentForm = z.infer<typeof PaymentFormSchema>;

const toForm = (list: SettingList): PaymentForm => ({
  commissionPercent: settingValue(list, 'fees.commission_rate_bps') / 100,
  contactFeeDollars: settingValue(list, 'fees.contact_fee_cents') / 100,
  featuredFeeDollars: settingValue(list, 'fees.featured_listing_cents') / 100,
  escrowRequired: settingValue(list, 'deals.escrow_required'),
  claimWindowDays: settingValue(list, 'deals.claim_window_days'),
  claimAnswerDays: settingValue(list, 'deals.claim_answer_days'),
});

// Percent to basis points (3.5 → 350) and dollars to cents: the settings store whole numbers.
const toBody = (v: PaymentForm) => ({
  'fees.commission_rate_bps': Math.round(v.commissionPercent * 100),
  'fees.contact_fee_cents': dollarsToCents(v.contactFeeDollars),
  'fees.featured_listing_cents': dollarsToCents(v.featuredFeeDollars),
  'deals.escrow_required': v.escrowRequired,
  'deals.claim_window_days': v.claimWindowDays,
  'deals.claim_answer_days': v.claimAnswerDays,
});

/** An emptied number box is NaN, so the schema's "Please enter ..." shows. */
const asNumber = (value: unknown) => (value === '' || value === null ? Number.NaN : Number(value));

/** Payment: commission rate, contact fee, featured listing fee, whether escrow is required and the claim windows. */
export function SystemPaymentCard({ list }: { list: SettingList }) {
  const form = useForm<PaymentForm>({ resolver: zodResolver(PaymentFormSchema), values: toForm(list) });
  const { save, isPending } = useSaveSettings(form, list, {
    'fees.commission_rate_bps': 'commissionPercent',
    'fees.contact_fee_cents': 'contactFeeDollars',
    'fees.featured_listing_cents': 'featuredFeeDollars',
    'deals.claim_window_days': 'claimWindowDays',
    'deals.claim_answer_days': 'claimAnswerDays',
  });
  const onSubmit = form.handleSubmit(async (values) => {
    await save(toBody(values));
  });
  const { errors, isDirty } = form.formState;
  return (
    <SettingsCard
      icon={CreditCard}
      title="Payment"
      description="Commission and fees in US dollars, the escrow rule for deals and the claim windows."
      onSubmit={onSubmit}
      footer={
        <>
          <LastChanged list={list} keys={KEYS} />
          <SaveButton label="Save Payment Settings" busy={isPending} dirty={isDirty} />
        </>
      }
    >
      <FormField
        label="Default Commission Rate (%)"
        error={errors.commissionPercent?.message}
        hint="Applies to new deals only; existing deals keep the rate they were created with."
      >
        <Input
          type="number"
          inputMode="decimal"
          min={0}
          max={100}
          step={0.1}
          className="tabular-nums"
          {...form.register('commissionPercent', { setValueAs: asNumber })}
        />
      </FormField>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField
          label="Contact Fee ($)"
          error={errors.contactFeeDollars?.message}
          hint="Paid by free users to start a conversation."
        >
          <Input
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            className="tabular-nums"
            {...form.register('contactFeeDollars', { setValueAs: asNumber })}
          />
        </FormField>
        <FormField
          label="Featured Listing Fee ($)"
          error={errors.featuredFeeDollars?.message}
          hint="Paid to feature a listing."
        >
          <Input
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            className="tabular-nums"
            {...form.register('featuredFeeDollars', { setValueAs: asNumber })}
          />
        </FormField>
      </div>
      <Controller
        control={form.control}
        name="escrowRequired"
        render={({ field }) => (
          <SwitchField
            label="Escrow Required"
            hint="New deals must be funded into escrow before the seller ships."
            checked={field.value}
            onCheckedChange={field.onChange}
          />
        )}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField
          label="Claim Window (days)"
          error={errors.claimWindowDays?.message}
          hint="After the buyer records delivery; never past the automatic release."
        >
          <Input
            type="number"
            inputMode="numeric"
            min={1}
            max={6}
            step={1}
            className="tabular-nums"
            {...form.register('claimWindowDays', { setValueAs: asNumber })}
          />
        </FormField>
        <FormField
          label="Seller's Answer Window (days)"
          error={errors.claimAnswerDays?.message}
          hint="Unanswered claims then go to an administrator."
        >
          <Input
            type="number"
            inputMode="numeric"
            min={1}
            max={14}
            step={1}
            className="tabular-nums"
            {...form.register('claimAnswerDays', { setValueAs: asNumber })}
          />
        </FormField>
      </div>
    </SettingsCard>
  );
}
