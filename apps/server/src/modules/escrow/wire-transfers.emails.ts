import { type EmailBrand, emailLayout, type RenderedEmail } from '../notifications/index.ts';

/** The buyer's wire instructions: where to send how much, with the reference to quote. */
export function wireInstructionsEmail(
  brand: EmailBrand,
  input: {
    name: string;
    listingTitle: string;
    referenceNumber: string;
    amount: string;
    currency: string;
    bankDetails: { bankName: string; accountName: string; accountNumber: string; swiftCode: string };
    breakdown: Array<{ label: string; value: string }>;
    processingFeePercent: number;
    url: string;
  },
): RenderedEmail {
  return {
    subject: `Wire transfer instructions ${input.referenceNumber}`,
    ...emailLayout(brand, {
      heading: `Wire ${input.amount} to fund the escrow`,
      intro: `Hello ${input.name}, please send ${input.amount} (${input.currency.toUpperCase()}) by wire transfer for "${input.listingTitle}". Quote the reference ${input.referenceNumber} so we can match your payment. Wire transfers take 1-3 business days.`,
      details: [
        { label: 'Reference', value: input.referenceNumber },
        { label: 'Amount', value: `${input.amount} ${input.currency.toUpperCase()}` },
        { label: 'Bank', value: input.bankDetails.bankName },
        { label: 'Account name', value: input.bankDetails.accountName },
        { label: 'Account number', value: input.bankDetails.accountNumber },
        { label: 'SWIFT code', value: input.bankDetails.swiftCode },
        ...input.breakdown,
      ],
      actionLabel: 'View my deals',
      actionUrl: input.url,
      outro: `The escrow is funded once an administrator has verified that the money arrived. A ${input.processingFeePercent}% wire processing fee is deducted from the wire amount.`,
    }),
  };
}
