import { PRESET_CAMPAIGN_SUBJECT } from '@app/shared/admin/bulk-email.schemas';
import { sanitizeHtml } from '../../lib/html-sanitizer.ts';
import { blogContentFromInput, hasVisibleContent } from '../blog/index.ts';
import { type EmailBrand, emailDocument, escapeHtml, type RenderedEmail } from '../notifications/index.ts';

/** What every campaign email needs besides its content: whom it greets and where opting out happens. */
export type CampaignRecipient = { name: string; unsubscribeUrl: string };

const PRESET_HEADING = 'Unlock Free Marketing for Your Recycling Business';
const PRESET_BENEFITS = [
  'A free listing in the company directory, where buyers and sellers look for partners every day',
  'Your materials, sector and contact details in one place, searchable by material',
  'A Verified badge once our team has reviewed your profile',
];

const paragraph = (html: string) =>
  `<tr><td style="padding-top:12px;font-size:15px;line-height:1.6">${html}</td></tr>`;

/** The opt-out every campaign email ends with (the List-Unsubscribe headers carry the one-click twin). */
function unsubscribeFooter(brand: EmailBrand, url: string) {
  return {
    html: `<tr><td style="padding-top:24px"><div style="border-top:1px solid #e2e8f0;padding-top:16px;font-size:12px;line-height:1.6;color:#64748b">You receive this email because you have a ${escapeHtml(brand.name)} account. <a href="${escapeHtml(url)}" style="color:#0f766e">Unsubscribe from marketing emails</a>. Account and deal emails will still arrive.</div></td></tr>`,
    text: `You receive this email because you have a ${brand.name} account.\nUnsubscribe from marketing emails: ${url}`,
  };
}

/** The preset campaign: promotes free company profiles in the directory, with one button to the dashboard. */
export function presetCampaignEmail(
  brand: EmailBrand,
  recipient: CampaignRecipient,
  appUrl: string,
): RenderedEmail {
  const dashboardUrl = `${appUrl}/dashboard`;
  const greeting = `Hi ${recipient.name},`;
  const intro = `Buyers and sellers of recycled materials search the ${brand.name} company directory every day. A company profile puts your business in front of them, free of charge.`;
  const footer = unsubscribeFooter(brand, recipient.unsubscribeUrl);
  const html = emailDocument(
    brand,
    `<tr><td style="padding-top:24px;font-size:18px;font-weight:600">${escapeHtml(PRESET_HEADING)}</td></tr>
${paragraph(escapeHtml(greeting))}
${paragraph(escapeHtml(intro))}
${paragraph(`<ul style="margin:0;padding-left:20px">${PRESET_BENEFITS.map((b) => `<li>${escapeHtml(b)}</li>`).join('')}</ul>`)}
<tr><td style="padding:24px 0"><a href="${escapeHtml(dashboardUrl)}" style="background:#0f766e;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:600;display:inline-block">Create my company profile</a></td></tr>
<tr><td style="font-size:13px;line-height:1.6;color:#475569">If the button does not work, open this link:<br><a href="${escapeHtml(dashboardUrl)}" style="color:#0f766e;word-break:break-all">${escapeHtml(dashboardUrl)}</a></td></tr>
${footer.html}`,
  );
  const text = `${PRESET_HEADING}\n\n${greeting}\n\n${intro}\n\n${PRESET_BENEFITS.map((b) => `- ${b}`).join('\n')}\n\nCreate my company profile: ${dashboardUrl}\n\n— ${brand.name}\n\n${footer.text}`;
  return { subject: PRESET_CAMPAIGN_SUBJECT, html, text };
}

/**
 * The stored form of an administrator's custom content: the blog's allow-list (no scripts, styles or
 * forms; text without paragraph tags becomes paragraphs), with site-relative links and images made
 * absolute because an email has no site to be relative to. Null when nothing visible is left.
 */
export function customCampaignHtml(content: string, appUrl: string): string | null {
  const html = blogContentFromInput(content);
  if (!hasVisibleContent(html)) return null;
  return html
    .replace(/(href|src)="\/(?![/\\])/g, `$1="${appUrl}/`)
    .replace(/<img /g, '<img style="max-width:100%;height:auto" ')
    .replace(/<a /g, '<a style="color:#0f766e" ');
}

/** A custom campaign: the sanitised content (see customCampaignHtml) in the shared frame. */
export function customCampaignEmail(
  brand: EmailBrand,
  subject: string,
  sanitisedHtml: string,
  recipient: CampaignRecipient,
): RenderedEmail {
  const footer = unsubscribeFooter(brand, recipient.unsubscribeUrl);
  const html = emailDocument(
    brand,
    `<tr><td style="padding-top:12px;font-size:15px;line-height:1.6">${sanitisedHtml}</td></tr>
${footer.html}`,
  );
  return { subject, html, text: `${textFromHtml(sanitisedHtml)}\n\n— ${brand.name}\n\n${footer.text}` };
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/** The plain-text twin of sanitised HTML: blocks on their own lines, links followed by their address. */
function textFromHtml(html: string): string {
  const marked = html
    .replace(/<a [^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, '$2 ($1)')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li[^>]*>/gi, '- ')
    .replace(/<\/(li|tr)>/gi, '\n')
    .replace(/<\/(p|h[2-4]|blockquote|pre|figure|table|ul|ol)>/gi, '\n\n');
  return sanitizeHtml(marked, { allowedTags: [], allowedAttributes: {} })
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => ENTITIES[name] ?? '')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
