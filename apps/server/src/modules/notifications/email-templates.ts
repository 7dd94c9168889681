export type RenderedEmail = { subject: string; text: string; html: string };

/**
 * Who an email speaks for: the platform name set on /admin/system, read when the email is queued.
 * Templates take it as a parameter rather than having it replaced in rendered text, so a user's own
 * words (a company called "Recytrade Metals") are never touched.
 */
export type EmailBrand = { name: string };

/** An email not yet rendered: the notifications service calls it with the brand at queue time. */
export type EmailRenderer = (brand: EmailBrand) => RenderedEmail;

export const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** The frame every email shares: the brand line on a white card; `rows` are the card's table rows. */
export function emailDocument(brand: EmailBrand, rows: string): string {
  return `<!doctype html><html><body style="margin:0;background:#f1f5f9;font-family:Helvetica,Arial,sans-serif;color:#0f172a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;padding:32px">
<tr><td style="font-size:20px;font-weight:700;color:#0f766e">${escapeHtml(brand.name)}</td></tr>
${rows}
</table></td></tr></table></body></html>`;
}

/**
 * One layout for every transactional email: a heading, a paragraph, one button, a plain-text twin.
 * Domain modules build their own templates on it (e.g. listings.emails.ts).
 */
export function emailLayout(
  brand: EmailBrand,
  opts: {
    heading: string;
    intro: string;
    actionLabel: string;
    actionUrl: string;
    outro: string;
    /** Optional linked lines between the intro and the button (a digest's conversations). */
    items?: Array<{ label: string; url: string }>;
    /** Optional label/value rows between the intro and the button (wire instructions). */
    details?: Array<{ label: string; value: string }>;
    /** Optional free text someone wrote, kept with its line breaks (a contact message). */
    quote?: string;
  },
) {
  const items = opts.items ?? [];
  const details = opts.details ?? [];
  const detailsHtml = details.length
    ? `<tr><td style="padding-top:12px;font-size:15px;line-height:1.6"><table role="presentation" cellpadding="0" cellspacing="0">${details
        .map(
          (d) =>
            `<tr><td style="padding:2px 16px 2px 0;color:#475569">${escapeHtml(d.label)}</td><td style="padding:2px 0;font-weight:600">${escapeHtml(d.value)}</td></tr>`,
        )
        .join('')}</table></td></tr>`
    : '';
  const detailsText = details.map((d) => `${d.label}: ${d.value}`).join('\n');
  const quoteHtml = opts.quote
    ? `<tr><td style="padding-top:12px"><div style="white-space:pre-wrap;font-size:15px;line-height:1.6;border-left:3px solid #99f6e4;padding:8px 12px;background:#f8fafc">${escapeHtml(opts.quote)}</div></td></tr>`
    : '';
  const quoteText = opts.quote ? `${opts.quote}\n\n` : '';
  const itemsHtml = items.length
    ? `<tr><td style="padding-top:12px;font-size:15px;line-height:1.6"><ul style="margin:0;padding-left:20px">${items
        .map(
          (i) => `<li><a href="${escapeHtml(i.url)}" style="color:#0f766e">${escapeHtml(i.label)}</a></li>`,
        )
        .join('')}</ul></td></tr>`
    : '';
  const itemsText = items.map((i) => `- ${i.label}: ${i.url}`).join('\n');
  const html = emailDocument(
    brand,
    `<tr><td style="padding-top:24px;font-size:18px;font-weight:600">${escapeHtml(opts.heading)}</td></tr>
<tr><td style="padding-top:12px;font-size:15px;line-height:1.6">${escapeHtml(opts.intro)}</td></tr>
${detailsHtml}${itemsHtml}${quoteHtml}
<tr><td style="padding:24px 0"><a href="${escapeHtml(opts.actionUrl)}" style="background:#0f766e;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:600;display:inline-block">${escapeHtml(opts.actionLabel)}</a></td></tr>
<tr><td style="font-size:13px;line-height:1.6;color:#475569">${escapeHtml(opts.outro)}<br><br>If the button does not work, open this link:<br><a href="${escapeHtml(opts.actionUrl)}" style="color:#0f766e;word-break:break-all">${escapeHtml(opts.actionUrl)}</a></td></tr>`,
  );
  const text = `${opts.heading}\n\n${opts.intro}\n\n${detailsText ? `${detailsText}\n\n` : ''}${itemsText ? `${itemsText}\n\n` : ''}${quoteText}${opts.actionLabel}: ${opts.actionUrl}\n\n${opts.outro}\n\n— ${brand.name}`;
  return { html, text };
}

export function emailVerificationEmail(brand: EmailBrand, name: string, url: string): RenderedEmail {
  return {
    subject: `Confirm your email for ${brand.name}`,
    ...emailLayout(brand, {
      heading: `Welcome to ${brand.name}, ${name}`,
      intro: 'Please confirm your email address to finish creating your account and start trading.',
      actionLabel: 'Confirm my email',
      actionUrl: url,
      outro: 'The link is valid for 24 hours. If you did not sign up, you can ignore this email.',
    }),
  };
}

export function passwordResetEmail(brand: EmailBrand, name: string, url: string): RenderedEmail {
  return {
    subject: `Reset your ${brand.name} password`,
    ...emailLayout(brand, {
      heading: 'Reset your password',
      intro: `Hello ${name}, we received a request to reset the password of your account.`,
      actionLabel: 'Choose a new password',
      actionUrl: url,
      outro:
        'The link is valid for 1 hour. If you did not ask for a reset, you can ignore this email; your password stays the same.',
    }),
  };
}

/** Header-safe text: line breaks and runs of spaces become one space. */
const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

/** A contact-form message for the support team; replying answers the sender (Reply-To). */
export function contactMessageEmail(
  brand: EmailBrand,
  input: {
    firstName: string;
    lastName: string;
    email: string;
    company: string | null;
    subject: string;
    message: string;
    /** The sender's account address, shown when the form names another one. */
    accountEmail: string;
  },
): RenderedEmail {
  const sender = oneLine(`${input.firstName} ${input.lastName}`);
  const replyUrl = `mailto:${encodeURIComponent(input.email)}?subject=${encodeURIComponent(`Re: ${oneLine(input.subject)}`)}`;
  return {
    subject: `Contact form: ${oneLine(input.subject)} (from ${sender})`,
    ...emailLayout(brand, {
      heading: `New message from ${sender}`,
      intro: 'A signed-in user sent this message through the contact form.',
      details: [
        { label: 'Name', value: sender },
        { label: 'Email', value: input.email },
        ...(input.accountEmail.toLowerCase() !== input.email.toLowerCase()
          ? [{ label: 'Account', value: input.accountEmail }]
          : []),
        ...(input.company ? [{ label: 'Company', value: oneLine(input.company) }] : []),
        { label: 'Subject', value: oneLine(input.subject) },
      ],
      quote: input.message,
      actionLabel: `Reply to ${sender}`,
      actionUrl: replyUrl,
      outro: 'Replying to this email also reaches the sender. Support promises an answer within 24 hours.',
    }),
  };
}

/** Tells the owner an administrator verified their company profile. */
export function companyVerifiedEmail(
  brand: EmailBrand,
  name: string,
  companyName: string,
  url: string,
): RenderedEmail {
  return {
    subject: `Your company "${companyName}" is verified`,
    ...emailLayout(brand, {
      heading: `Hello ${name}, your company is verified`,
      intro: `An administrator verified your company profile "${companyName}". It now shows the Verified badge in the company directory.`,
      actionLabel: 'View my company',
      actionUrl: url,
      outro: 'Buyers and sellers filtering for verified companies can now find you.',
    }),
  };
}

/** Tells the owner why an administrator removed their company (the reason is escaped by the layout). */
export function companyRemovedEmail(
  brand: EmailBrand,
  name: string,
  companyName: string,
  reason: string,
  url: string,
): RenderedEmail {
  return {
    subject: `Your company "${companyName}" was removed from the directory`,
    ...emailLayout(brand, {
      heading: `Hello ${name}, your company was removed`,
      intro: `An administrator removed your company profile "${companyName}" from the directory for this reason: ${reason}`,
      actionLabel: 'Manage my companies',
      actionUrl: url,
      outro: 'You can create a new company profile that follows the platform rules.',
    }),
  };
}

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

/** The daily match digest: new matches for the trader's listings, best first. */
export function matchDigestEmail(
  brand: EmailBrand,
  name: string,
  matches: Array<{ label: string; url: string }>,
  dashboardUrl: string,
  preferencesUrl: string,
): RenderedEmail {
  const plural = (n: number) => (n === 1 ? '1 new match' : `${n} new matches`);
  return {
    subject: `${plural(matches.length)} for your listings on ${brand.name}`,
    ...emailLayout(brand, {
      heading: `Hello ${name}, you have ${plural(matches.length)}`,
      intro: 'Traders whose listings fit yours:',
      items: matches,
      actionLabel: 'See your matches',
      actionUrl: dashboardUrl,
      outro: `You receive this email at most once a day when your listings have new matches. You can turn it off in your account settings: ${preferencesUrl}`,
    }),
  };
}
