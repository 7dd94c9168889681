import { type EmailBrand, escapeHtml, type RenderedEmail } from '../notifications/index.ts';

/** A deal notification: a heading, the facts as lines, and a link to the deal list. */
export function dealEmail(
  brand: EmailBrand,
  opts: {
    subject: string;
    heading: string;
    lines: string[];
    url: string;
  },
): RenderedEmail {
  const text = `${opts.heading}\n\n${opts.lines.join('\n')}\n\nOpen your deals: ${opts.url}\n\n— ${brand.name}`;
  const html = `<!doctype html><html><body style="font-family:Helvetica,Arial,sans-serif;color:#0f172a">
<h2 style="color:#0f766e">${escapeHtml(opts.heading)}</h2>
${opts.lines.map((l) => `<p style="margin:4px 0">${escapeHtml(l)}</p>`).join('\n')}
<p style="margin-top:20px"><a href="${escapeHtml(opts.url)}" style="color:#0f766e">Open your deals</a></p>
<p style="color:#475569;font-size:13px">— ${escapeHtml(brand.name)}</p></body></html>`;
  return { subject: opts.subject, text, html };
}
