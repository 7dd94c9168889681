import { formatCents } from '@app/shared/money/money';
import type { SandboxSession } from './sandbox.repository.ts';
import type { CheckoutForm } from './sandbox-cards.ts';
import { formatDate } from './sandbox-objects.ts';
import type { PortalView } from './sandbox-portal.ts';

// The sandbox's hosted pages: plain server-rendered HTML forms (no script, so the app's CSP holds),
// built to be usable with a keyboard and a screen reader.

export const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f1f5f9;color:#0f172a;line-height:1.5}
.banner{background:#fef3c7;color:#78350f;text-align:center;padding:.5rem 1rem;font-size:.875rem;border-bottom:1px solid #fcd34d}
main{max-width:960px;margin:2rem auto;padding:0 1rem;display:grid;gap:2rem;grid-template-columns:1fr}
@media(min-width:800px){main.split{grid-template-columns:1fr 1.1fr}}
.card{background:#fff;border:1px solid #e2e8f0;border-radius:12px;padding:1.75rem;box-shadow:0 1px 2px rgba(15,23,42,.05)}
h1{font-size:1.5rem;margin:0 0 .25rem}
h2{font-size:1.125rem;margin:0 0 1rem}
.merchant{color:#475569;font-size:.95rem;margin:0 0 1.5rem}
.amount{font-size:2.25rem;font-weight:700;margin:.25rem 0}
.muted{color:#475569;font-size:.9rem}
label{display:block;font-weight:600;font-size:.9rem;margin:1rem 0 .35rem}
input[type=text],input[type=email]{width:100%;padding:.65rem .75rem;border:1px solid #94a3b8;border-radius:8px;font-size:1rem;background:#fff;color:#0f172a}
input:focus-visible,button:focus-visible,a:focus-visible{outline:3px solid #2563eb;outline-offset:2px}
.row{display:grid;grid-template-columns:1fr 1fr;gap:1rem}
fieldset{border:1px solid #e2e8f0;border-radius:8px;margin:1.25rem 0 0;padding:.75rem 1rem 1rem}
legend{font-weight:600;font-size:.9rem;padding:0 .25rem}
.choice{display:flex;gap:.6rem;align-items:flex-start;margin:.5rem 0;font-weight:400}
.choice input{margin-top:.3rem}
.btn{display:inline-block;width:100%;margin-top:1.5rem;padding:.8rem 1rem;border:0;border-radius:8px;background:#0f766e;color:#fff;font-size:1rem;font-weight:600;cursor:pointer;text-align:center;text-decoration:none}
.btn:hover{background:#115e59}
.btn.secondary{background:#fff;color:#0f172a;border:1px solid #94a3b8}
.btn.danger{background:#b91c1c}
.btn.danger:hover{background:#991b1b}
.link{display:inline-block;margin-top:1rem;color:#0f766e;font-weight:600}
.alert{border-radius:8px;padding:.75rem 1rem;margin:0 0 1rem;font-weight:500}
.alert.error{background:#fef2f2;color:#991b1b;border:1px solid #fecaca}
.alert.ok{background:#f0fdf4;color:#166534;border:1px solid #bbf7d0}
table{border-collapse:collapse;width:100%;font-size:.9rem;margin-top:.5rem}
th,td{text-align:left;padding:.45rem .25rem;border-bottom:1px solid #e2e8f0}
code{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:.95em}
.badge{display:inline-block;padding:.1rem .55rem;border-radius:999px;font-size:.8rem;font-weight:600;background:#ccfbf1;color:#115e59}
.badge.warn{background:#fef3c7;color:#92400e}
.badge.off{background:#e2e8f0;color:#334155}
dl{display:grid;grid-template-columns:auto 1fr;gap:.35rem 1rem;margin:1rem 0}
dt{color:#475569}dd{margin:0;font-weight:600}
form.inline{margin:0}
`;

/** The sandbox pages' shell; the escrow sandbox reuses it with its own banner. */
export function layout(title: string, body: string, opts: { split?: boolean; banner?: string } = {}) {
  const banner = opts.banner ?? 'Sandbox payment provider: no real money moves. Use the test cards shown.';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><header class="banner"><p style="margin:0">${escapeHtml(banner)}</p></header>
<main class="${opts.split ? 'split' : ''}">${body}</main></body></html>`;
}

const TEST_CARDS_TABLE = `
<table><caption class="muted" style="text-align:left">Test cards (any future expiry such as 12/34, any CVC such as 123)</caption>
<thead><tr><th scope="col">Card number</th><th scope="col">Result</th></tr></thead>
<tbody>
<tr><td><code>4242 4242 4242 4242</code></td><td>Payment succeeds</td></tr>
<tr><td><code>4000 0000 0000 0002</code></td><td>Card is declined</td></tr>
</tbody></table>`;

/** What the checkout form shows again after an error: what was posted. */
export type CheckoutPageValues = CheckoutForm;

/** The hosted checkout: what is bought, the amount, and the payment form. */
export function renderCheckoutPage(input: {
  session: SandboxSession;
  customerEmail: string;
  error?: string;
  values?: CheckoutPageValues;
}): string {
  const { session, error } = input;
  const v = input.values ?? {};
  const amount = formatCents(session.amountCents);
  const recurring = session.mode === 'subscription';
  const val = (s: string | undefined) => escapeHtml(s ?? '');
  const klarna = v.method === 'klarna';
  const summary = `<section class="card" aria-labelledby="summary-title">
<p class="merchant">Recytrade</p>
<h1 id="summary-title">${escapeHtml(session.productName)}</h1>
<p class="amount">${amount}${recurring ? ' <span class="muted">per month</span>' : ''}</p>
<p class="muted">${recurring ? 'Billed monthly until you cancel. Cancel anytime from the customer portal; 7-day money-back guarantee.' : 'One-time payment.'}</p>
${TEST_CARDS_TABLE}
<p class="muted">Pay later: <strong>Klarna Net 30</strong> pays Recytrade now; you pay Klarna within 30 days, with no fee.</p>
</section>`;
  const form = `<section class="card" aria-labelledby="pay-title">
<h2 id="pay-title">Pay with</h2>
${error ? `<div class="alert error" role="alert" id="form-error">${escapeHtml(error)}</div>` : ''}
<form method="post" action="/sandbox/checkout/${encodeURIComponent(session.id)}" novalidate${error ? ' aria-describedby="form-error"' : ''}>
<label for="email">Email</label>
<input type="email" id="email" name="email" autocomplete="email" required value="${val(v.email ?? input.customerEmail)}">
<fieldset><legend>Payment method</legend>
<label class="choice"><input type="radio" name="method" value="card"${klarna ? '' : ' checked'}> <span>Card</span></label>
<label class="choice"><input type="radio" name="method" value="klarna"${klarna ? ' checked' : ''}> <span>Pay later: Klarna Net 30 <span class="muted">(no card details needed)</span></span></label>
</fieldset>
<label for="cardNumber">Card number</label>
<input type="text" id="cardNumber" name="cardNumber" inputmode="numeric" autocomplete="cc-number" placeholder="4242 4242 4242 4242" value="${val(v.cardNumber)}">
<div class="row">
<div><label for="expiry">Expiry (MM/YY)</label><input type="text" id="expiry" name="expiry" autocomplete="cc-exp" placeholder="12/34" value="${val(v.expiry)}"></div>
<div><label for="cvc">CVC</label><input type="text" id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="123" value="${val(v.cvc)}"></div>
</div>
<label for="name">Name on card</label>
<input type="text" id="name" name="name" autocomplete="cc-name" value="${val(v.name)}">
<button class="btn" type="submit" name="action" value="pay">${recurring ? 'Subscribe' : 'Pay'} ${amount}</button>
<button class="btn secondary" type="submit" name="action" value="cancel" formnovalidate>Cancel and return to Recytrade</button>
</form>
</section>`;
  return layout(`Pay ${amount} · Recytrade (sandbox)`, summary + form, { split: true });
}

/** A page with a title, a message and an optional link back. */
export function renderMessagePage(title: string, message: string, link?: { href: string; label: string }) {
  return layout(
    title,
    `<section class="card" aria-labelledby="msg-title"><h1 id="msg-title">${escapeHtml(title)}</h1>
<p>${escapeHtml(message)}</p>
${link ? `<a class="link" href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a>` : ''}</section>`,
  );
}

/** The customer portal: the subscription, cancel or resume, money-back refund, and card update. */
export function renderPortalPage(view: PortalView, opts: { notice?: string; error?: string } = {}): string {
  const { subscription: sub, customer, portal } = view;
  const action = `/sandbox/portal/${encodeURIComponent(portal.id)}`;
  const button = (value: string, label: string, cls = '') =>
    `<form class="inline" method="post" action="${action}"><button class="btn ${cls}" type="submit" name="action" value="${value}">${label}</button></form>`;
  let subscriptionHtml = '<p>You have no subscription yet.</p>';
  if (sub) {
    const live = sub.status !== 'canceled';
    const badge = !live
      ? '<span class="badge off">Canceled</span>'
      : sub.cancelAtPeriodEnd
        ? '<span class="badge warn">Ends at period end</span>'
        : sub.status === 'past_due'
          ? '<span class="badge warn">Payment failed</span>'
          : '<span class="badge">Active</span>';
    const endLabel = !live ? 'Ended' : sub.cancelAtPeriodEnd ? 'Ends on' : 'Renews on';
    const endDate = !live && sub.endedAt ? sub.endedAt : sub.currentPeriodEnd;
    const actions = !live
      ? ''
      : (sub.cancelAtPeriodEnd
          ? button('resume', 'Resume subscription')
          : button('cancel', 'Cancel at period end', 'secondary')) +
        (view.canRefund
          ? `${button('refund', 'Cancel now with a full refund', 'danger')}<p class="muted">7-day money-back guarantee: available until ${escapeHtml(formatDate(portal.refundableUntil as Date))}. Premium ends immediately.</p>`
          : '');
    subscriptionHtml = `<dl>
<dt>Plan</dt><dd>${escapeHtml(sub.productName)} · ${formatCents(sub.priceCents)}/month</dd>
<dt>Status</dt><dd>${badge}</dd>
<dt>${endLabel}</dt><dd>${escapeHtml(formatDate(endDate))}</dd>
</dl>${actions}`;
  }
  const payment =
    customer.paymentMethod === 'klarna'
      ? 'Klarna Net 30'
      : customer.cardLast4
        ? `Card ending in ${escapeHtml(customer.cardLast4)}`
        : 'None saved';
  const body = `<section class="card" aria-labelledby="portal-title">
<p class="merchant">Recytrade · ${escapeHtml(customer.email)}</p>
<h1 id="portal-title">Your subscription</h1>
${opts.notice ? `<div class="alert ok" role="status">${escapeHtml(opts.notice)}</div>` : ''}
${opts.error ? `<div class="alert error" role="alert">${escapeHtml(opts.error)}</div>` : ''}
${subscriptionHtml}
<a class="link" href="${escapeHtml(portal.returnUrl)}">Return to Recytrade</a>
</section>
<section class="card" aria-labelledby="card-title">
<h2 id="card-title">Payment method</h2>
<p>${payment}</p>
<form method="post" action="${action}">
<label for="cardNumber">New card number</label>
<input type="text" id="cardNumber" name="cardNumber" inputmode="numeric" autocomplete="cc-number" placeholder="4242 4242 4242 4242">
<div class="row">
<div><label for="expiry">Expiry (MM/YY)</label><input type="text" id="expiry" name="expiry" autocomplete="cc-exp" placeholder="12/34"></div>
<div><label for="cvc">CVC</label><input type="text" id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="123"></div>
</div>
<button class="btn secondary" type="submit" name="action" value="update-card">Update card</button>
</form>
${TEST_CARDS_TABLE}
</section>`;
  return layout('Manage subscription · Recytrade (sandbox)', body, { split: true });
}
