/**
 * Ads without zod: the placements, the specification's ad settings and a slot's fill, retry and refresh
 * rules. The ad slot on first-load pages imports them from here; ads.schemas.ts re-exports them.
 */

/** Where an ad slot sits; ADS_SLOT_IDS may give each placement its own provider slot id. */
export const AD_PLACEMENTS = ['landing', 'marketplace', 'blog-header', 'blog-inline', 'blog-footer'] as const;
export type AdPlacement = (typeof AD_PLACEMENTS)[number];

/** The specification's ad settings: refresh interval 30000 ms, at most 5 refreshes, retry after 500 ms. */
export const AD_SETTINGS = {
  refreshIntervalMs: 30_000,
  maxRefreshes: 5,
  retryDelayMs: 500,
  /** How long a slot may stay without a fill verdict before it counts as failed. */
  fillTimeoutMs: 5_000,
} as const;

/** Conversion events the web app reports to the ad provider (none are sent with house promotions). */
export const CONVERSION_EVENTS = ['sign_up', 'login'] as const;
export type ConversionEvent = (typeof CONVERSION_EVENTS)[number];

/**
 * One provider slot's life: fill, retry once after a failed fill, fall back to the house promotion
 * if the retry fails too, and refresh a filled slot at most `maxRefreshes` times. `generation`
 * changes whenever the slot must be requested again (a fresh ad element).
 */
export type AdSlotState = {
  phase: 'filling' | 'filled' | 'retrying' | 'fallback';
  generation: number;
  refreshes: number;
  retried: boolean;
};
export type AdSlotEvent = 'filled' | 'unfilled' | 'retry-due' | 'refresh-due';

export const initialAdSlotState: AdSlotState = {
  phase: 'filling',
  generation: 0,
  refreshes: 0,
  retried: false,
};

export function nextAdSlotState(state: AdSlotState, event: AdSlotEvent): AdSlotState {
  switch (`${state.phase}:${event}`) {
    case 'filling:filled':
      return { ...state, phase: 'filled', retried: false };
    case 'filling:unfilled':
      return { ...state, phase: state.retried ? 'fallback' : 'retrying' };
    case 'retrying:retry-due':
      return { ...state, phase: 'filling', generation: state.generation + 1, retried: true };
    case 'filled:refresh-due':
      if (state.refreshes >= AD_SETTINGS.maxRefreshes) return state;
      return { ...state, phase: 'filling', generation: state.generation + 1, refreshes: state.refreshes + 1 };
    default:
      return state;
  }
}

/** Whether a filled slot still has refreshes left. */
export const canRefreshAdSlot = (state: AdSlotState) =>
  state.phase === 'filled' && state.refreshes < AD_SETTINGS.maxRefreshes;
