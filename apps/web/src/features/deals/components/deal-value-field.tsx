import { commissionFor, DEAL_MESSAGES } from '@app/shared/deals/deals.schemas';
import { bpsToPercent, checkAmount } from '@app/shared/money/money';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { MoneyBreakdown } from './money-breakdown';

/** The cents of a typed deal value, or null while it is not a usable amount. */
export function dealValueCents(raw: string): number | null {
  const checked = checkAmount(raw);
  return checked.ok && checked.cents > 0 ? checked.cents : null;
}

/** An empty field reads as "must be greater than 0", like 0 itself; other refusals keep the amount check's words. */
export const emptyValueMessage = (raw: string) =>
  raw.trim() === '' ? DEAL_MESSAGES.valueAboveZero : undefined;

type DealValueFieldProps = {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  rateBps: number;
  disabled?: boolean;
  label?: string;
  hint?: string;
};

/** Deal value in dollars (min 1, step 0.01), with the commission and the total worked out as it is typed. */
export function DealValueField({
  value,
  onChange,
  error,
  rateBps,
  disabled,
  label = 'Deal value (USD)',
  hint,
}: DealValueFieldProps) {
  const cents = dealValueCents(value) ?? 0;
  const commission = commissionFor(cents, rateBps);
  return (
    <>
      <FormField label={label} error={error} hint={hint}>
        <Input
          type="number"
          inputMode="decimal"
          min={1}
          step={0.01}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          placeholder="0.00"
          className="tabular"
          disabled={disabled}
          required
        />
      </FormField>
      <MoneyBreakdown
        lines={[
          { label: 'Deal value', cents },
          { label: `Platform commission (${bpsToPercent(rateBps)}%)`, cents: commission, muted: true },
        ]}
        total={{ label: 'Total', cents: cents + commission }}
      />
    </>
  );
}
