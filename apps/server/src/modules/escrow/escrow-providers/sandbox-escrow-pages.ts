import { formatCents } from '@app/shared/money/money';
import { escapeHtml, layout } from '../../payments/index.ts';
import type { SandboxEscrowRow } from './sandbox-escrow.repository.ts';

// The escrow sandbox's hosted page: server-rendered HTML forms without script, like the payment
// sandbox's pages, whose layout and style it shares.

const BANNER = 'Sandbox escrow service: no real money moves. Use the buttons to simulate the wire.';

const STATUS_LABELS: Record<SandboxEscrowRow['status'], { label: string; cls: string }> = {
  awaiting_payment: { label: 'Awaiting wire transfer', cls: 'warn' },
  funded: { label: 'Funded: money held in escrow', cls: '' },
  released: { label: 'Released to the seller', cls: '' },
  refunded: { label: 'Refunded to the buyer', cls: 'off' },
  cancelled: { label: 'Cancelled', cls: 'off' },
};

/** The transaction: amount, status, instructions, and while unfunded the two simulation buttons. */
export function renderEscrowPage(
  view: { row: SandboxEscrowRow; instructions: string; returnUrl: string },
  opts: { notice?: string; error?: string } = {},
): string {
  const { row } = view;
  const status = STATUS_LABELS[row.status];
  const action = `/sandbox/escrow/${encodeURIComponent(row.id)}`;
  const buttons =
    row.status === 'awaiting_payment'
      ? `<form class="inline" method="post" action="${action}"><button class="btn" type="submit" name="action" value="fund">Simulate wire received</button></form>
<form class="inline" method="post" action="${action}"><button class="btn secondary" type="submit" name="action" value="cancel">Cancel transaction</button></form>`
      : '';
  const summary = `<section class="card" aria-labelledby="escrow-title">
<p class="merchant">Sandbox Escrow · transaction <code>${escapeHtml(row.id)}</code></p>
<h1 id="escrow-title">${escapeHtml(row.itemDescription)}</h1>
<p class="amount">${formatCents(row.amountCents)}</p>
<p><span class="badge ${status.cls}">${escapeHtml(status.label)}</span>${row.testMode ? ' <span class="badge off">Test mode</span>' : ''}</p>
${opts.notice ? `<div class="alert ok" role="status">${escapeHtml(opts.notice)}</div>` : ''}
${opts.error ? `<div class="alert error" role="alert">${escapeHtml(opts.error)}</div>` : ''}
<dl>
<dt>Deal value</dt><dd>${formatCents(row.dealValueCents)}</dd>
<dt>Commission</dt><dd>${formatCents(row.commissionCents)}</dd>
<dt>Total</dt><dd>${formatCents(row.amountCents)}</dd>
<dt>Buyer</dt><dd>${escapeHtml(row.buyerEmail)}</dd>
<dt>Seller</dt><dd>${escapeHtml(row.sellerEmail)}</dd>
</dl>
${buttons}
<a class="link" href="${escapeHtml(view.returnUrl)}">Return to Recytrade</a>
</section>`;
  const instructions = `<section class="card" aria-labelledby="instructions-title">
<h2 id="instructions-title">Wire instructions</h2>
<p style="white-space:pre-line">${escapeHtml(view.instructions)}</p>
</section>`;
  return layout(`Escrow ${formatCents(row.amountCents)} · Sandbox Escrow`, summary + instructions, {
    split: true,
    banner: BANNER,
  });
}

export function renderEscrowNotFoundPage(): string {
  return layout(
    'Escrow transaction not found',
    `<section class="card" aria-labelledby="msg-title"><h1 id="msg-title">Escrow transaction not found</h1>
<p>This escrow link is not valid.</p></section>`,
    { banner: BANNER },
  );
}
