import type { PaymentPurpose } from '@app/shared/payments/payments.schemas';
import type { ServerRealtimeEvent } from '@app/shared/realtime/realtime-events';
import { useSyncExternalStore } from 'react';

/** Where a payment opened in another tab stands. */
export type PaymentOutcome = 'pending' | 'succeeded' | 'failed' | 'canceled';
export type SettledOutcome = Exclude<PaymentOutcome, 'pending'>;

/** What the page that started a checkout waits for, and what it does when it is settled. */
export type PaymentWatch = {
  /** The provider page (checkout or portal). */
  url: string;
  /** What is being paid, in the waiting dialog: "the contact fee", "escrow for Copper wire". */
  label: string;
  /** The outcome a realtime event says (a `payment.updated` for this payment, say), or null. */
  fromEvent: (event: ServerRealtimeEvent) => SettledOutcome | null;
  /** Reads the outcome from the server: on focus, when the socket reopens, when the other tab returns. */
  check: () => Promise<PaymentOutcome>;
  /** Called once with the outcome: the toast and the refreshed state. */
  onOutcome: (outcome: SettledOutcome) => void;
};

/** The watch this tab waits on; `blocked` when the browser refused the new tab (the dialog links to it). */
export type ActiveWatch = PaymentWatch & { blocked: boolean };

let active: ActiveWatch | null = null;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

export const paymentWatchStore = {
  get: () => active,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  /** Stops waiting (Cancel, or settled). The provider's page stays usable; a later payment still lands. */
  clear(watch?: ActiveWatch) {
    if (watch && active !== watch) return;
    active = null;
    stopAnsweringLater();
    emit();
  },
  /** The tab opened after all (the user followed the link): waiting, no longer blocked. */
  markOpened(watch: ActiveWatch) {
    if (active !== watch) return;
    active = { ...watch, blocked: false };
    emit();
  },
};

/** The watch this tab waits on, as React state (the waiting dialog). */
export function useActivePaymentWatch() {
  return useSyncExternalStore(paymentWatchStore.subscribe, paymentWatchStore.get, () => null);
}

/** A tab opened during the click, waiting for the provider's URL. */
export type PendingPaymentTab = {
  /** Sends the tab to the provider and waits for the outcome here. */
  go(watch: PaymentWatch): void;
  /** Sends the tab to a page with no outcome to wait for (the customer portal); false when blocked. */
  open(url: string): boolean;
  /** No provider page after all (an error, a proposal instead of a payment): closes the tab. */
  discard(): void;
};

/**
 * Opens the provider's tab synchronously in the click handler, before any await, so pop-up blockers
 * treat it as the user's own action; the URL follows once the server answers. The provider's page gets
 * no handle on this tab (rel="noopener"). When the browser refuses the tab, `go` shows a link to it
 * instead of leaving this page.
 */
export function openPaymentTab(): PendingPaymentTab {
  let tab: Window | null = null;
  try {
    tab = window.open('', '_blank');
  } catch {
    tab = null;
  }
  if (tab) {
    try {
      tab.opener = null;
      tab.document.title = 'Opening…';
      tab.document.body.style.font = '16px system-ui, sans-serif';
      tab.document.body.style.padding = '2rem';
      tab.document.body.textContent = 'Opening the secure page of our payment provider…';
    } catch {
      // A browser may not let this page write into the new tab; it only shows blank until the URL comes.
    }
  }
  const navigate = (url: string): boolean => {
    if (!tab || tab.closed) return false;
    try {
      tab.location.replace(url);
      return true;
    } catch {
      return false;
    }
  };
  return {
    go(watch) {
      active = { ...watch, blocked: !navigate(watch.url) };
      keepAnswering();
      emit();
    },
    open(url) {
      return navigate(url);
    },
    discard() {
      if (tab && !tab.closed) tab.close();
    },
  };
}

/** The outcome a `payment.updated` event says for the payment of `purpose` on `targetId`, if it is one. */
export function paymentEventOutcome(
  event: ServerRealtimeEvent,
  match: { purpose: PaymentPurpose; targetId: string },
): SettledOutcome | null {
  if (event.type !== 'payment.updated') return null;
  const { purpose, targetId, status } = event.payment;
  if (purpose !== match.purpose || targetId !== match.targetId) return null;
  if (status === 'succeeded') return 'succeeded';
  if (status === 'failed') return 'failed';
  if (status === 'canceled') return 'canceled';
  return null;
}

// ---------------------------------------------------------------------------------------------------
// The provider returns the browser to a page of ours in the checkout tab: it tells the waiting tab
// (which then reads the outcome at once) and learns whether one was listening, to say "close this tab".

const CHANNEL = 'recytrade-checkout';
// Generous: a busy waiting tab (rendering the outcome it just heard of) may answer late.
const ANSWER_WITHIN_MS = 10_000;
type ChannelMessage = { type: 'returned'; outcome: 'success' | 'canceled' } | { type: 'waiting' };

function channel(): BroadcastChannel | null {
  return typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);
}

/** In the checkout tab: says the provider came back; resolves true if another tab was waiting on it. */
export function announceCheckoutReturn(outcome: 'success' | 'canceled'): Promise<boolean> {
  const ch = channel();
  if (!ch) return Promise.resolve(false);
  return new Promise((resolve) => {
    const done = (answer: boolean) => {
      clearTimeout(timer);
      ch.close();
      resolve(answer);
    };
    const timer = setTimeout(() => done(false), ANSWER_WITHIN_MS);
    ch.onmessage = (message: MessageEvent<ChannelMessage>) => {
      if (message.data?.type === 'waiting') done(true);
    };
    ch.postMessage({ type: 'returned', outcome } satisfies ChannelMessage);
  });
}

/**
 * How long the tab that started a checkout still answers a return after its wait settled: the
 * realtime event often settles it before the provider has sent the checkout tab back.
 */
const ANSWER_AFTER_SETTLED_MS = 5 * 60_000;
let answerer: BroadcastChannel | null = null;
let answererTimer: ReturnType<typeof setTimeout> | undefined;
const returnedListeners = new Set<(outcome: 'success' | 'canceled') => void>();

/** From the start of a wait: answers each checkout tab that comes back, and tells the listeners. */
function keepAnswering() {
  clearTimeout(answererTimer);
  if (answerer) return;
  const ch = channel();
  if (!ch) return;
  answerer = ch;
  ch.onmessage = (message: MessageEvent<ChannelMessage>) => {
    if (message.data?.type !== 'returned') return;
    ch.postMessage({ type: 'waiting' } satisfies ChannelMessage);
    for (const listener of returnedListeners) listener(message.data.outcome);
  };
}

function stopAnsweringLater() {
  clearTimeout(answererTimer);
  answererTimer = setTimeout(() => {
    answerer?.close();
    answerer = null;
  }, ANSWER_AFTER_SETTLED_MS);
}

/** In the waiting tab: called when a checkout tab comes back (the tab is answered either way). */
export function onCheckoutReturn(listener: (outcome: 'success' | 'canceled') => void): () => void {
  returnedListeners.add(listener);
  return () => {
    returnedListeners.delete(listener);
  };
}

// The checkout tab's own notice: set once a waiting tab answered.
let returnedToOtherTab = false;
const returnListeners = new Set<() => void>();

/** Announces the return and, if another tab is waiting, shows the "close this tab" notice here. */
export function finishCheckoutReturn(outcome: 'success' | 'canceled'): void {
  void announceCheckoutReturn(outcome).then((answered) => {
    if (!answered) return;
    returnedToOtherTab = true;
    for (const listener of returnListeners) listener();
  });
}

export const checkoutReturnNotice = {
  dismiss() {
    returnedToOtherTab = false;
    for (const listener of returnListeners) listener();
  },
};

/** True in a checkout tab whose opener is waiting: the page says this tab can be closed. */
export function useReturnedToOtherTab() {
  return useSyncExternalStore(
    (listener) => {
      returnListeners.add(listener);
      return () => {
        returnListeners.delete(listener);
      };
    },
    () => returnedToOtherTab,
    () => false,
  );
}

/** The return addresses the provider sends the checkout tab back to, and what each says. */
const RETURN_PARAMS: Array<{ param: string; success: string; canceled: string }> = [
  { param: 'success', success: 'true', canceled: '' },
  { param: 'canceled', success: '', canceled: 'true' },
  { param: 'escrow', success: 'success', canceled: 'cancelled' },
  { param: 'contact', success: 'success', canceled: 'cancelled' },
  { param: 'commission', success: 'success', canceled: 'cancelled' },
  { param: 'featured', success: 'success', canceled: 'canceled' },
];

/** Whether this page load is a provider's return (success or cancel), from its query string. */
export function checkoutReturnOutcome(search: string): 'success' | 'canceled' | null {
  const params = new URLSearchParams(search);
  for (const { param, success, canceled } of RETURN_PARAMS) {
    const value = params.get(param);
    if (value && value === success) return 'success';
    if (value && value === canceled) return 'canceled';
  }
  return null;
}
