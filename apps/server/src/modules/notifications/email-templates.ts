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
