import type { SettingList } from '@app/shared/settings/settings.schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { LineChart } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { settingValue } from '../api/system-settings';
import { LastChanged, SaveButton, SettingsCard, useSaveSettings } from './system-card';

const KEYS = ['market.index_min_contributors', 'market.match_price_tolerance_bps'] as const;

const MarketFormSchema = z.object({
  minContributors: z
    .number({ error: 'Please enter the number of companies' })
    .int('Must be a whole number of companies')
    .min(1, 'At least one company must contribute')
    .max(100, 'At most 100 companies'),
  tolerancePercent: z
    .number({ error: 'Please enter the price tolerance' })
    .min(0, 'The price tolerance must be between 0 and 50')
    .max(50, 'The price tolerance must be between 0 and 50'),
});
type MarketForm = z.infer<typeof MarketFormSchema>;

const toForm = (list: SettingList): MarketForm => ({
  minContributors: settingValue(list, 'market.index_min_contributors'),
  tolerancePercent: settingValue(list, 'market.match_price_tolerance_bps') / 100,
});

// Percent to basis points (10 → 1000): the setting stores a whole number.
const toBody = (v: MarketForm) => ({
  'market.index_min_contributors': v.minContributors,
  'market.match_price_tolerance_bps': Math.round(v.tolerancePercent * 100),
});

/** An emptied number box is NaN, so the schema's "Please enter ..." shows. */
const asNumber = (value: unknown) => (value === '' || value === null ? Number.NaN : Number(value));

/** Market data: when a price index point is published, and how close prices must be to match. */
export function SystemMarketCard({ list }: { list: SettingList }) {
  const form = useForm<MarketForm>({ resolver: zodResolver(MarketFormSchema), values: toForm(list) });
  const { save, isPending } = useSaveSettings(form, list, {
    'market.index_min_contributors': 'minContributors',
    'market.match_price_tolerance_bps': 'tolerancePercent',
  });
  const onSubmit = form.handleSubmit(async (values) => {
    await save(toBody(values));
  });
  const { errors, isDirty } = form.formState;
  return (
    <SettingsCard
      icon={LineChart}
      title="Market data"
      description="The price index on /market and smart matching of buy and sell listings."
      onSubmit={onSubmit}
      footer={
        <>
          <LastChanged list={list} keys={KEYS} />
          <SaveButton label="Save Market Settings" busy={isPending} dirty={isDirty} />
        </>
      }
    >
      <FormField
        label="Minimum Contributing Companies"
        error={errors.minContributors?.message}
        hint="Independent companies that must price a material before an index point is published; else the last value carries forward. Applies from the next hourly computation."
      >
        <Input
          type="number"
          inputMode="numeric"
          min={1}
          max={100}
          step={1}
          className="tabular-nums"
          {...form.register('minContributors', { setValueAs: asNumber })}
        />
      </FormField>
      <FormField
        label="Match Price Tolerance (%)"
        error={errors.tolerancePercent?.message}
        hint="How far under the seller's price per tonne a buyer's price may be and still match."
      >
        <Input
          type="number"
          inputMode="decimal"
          min={0}
          max={50}
          step={0.1}
          className="tabular-nums"
          {...form.register('tolerancePercent', { setValueAs: asNumber })}
        />
      </FormField>
    </SettingsCard>
  );
}
