import { describe, expect, it } from 'vitest';
import {
  AD_SETTINGS,
  type AdSlotEvent,
  canRefreshAdSlot,
  initialAdSlotState,
  nextAdSlotState,
} from './ads.schemas.ts';

const run = (...events: AdSlotEvent[]) => events.reduce(nextAdSlotState, initialAdSlotState);

describe('ad slot life', () => {
  it('shows a filled slot and refreshes it at most five times', () => {
    let state = run('filled');
    expect(state).toMatchObject({ phase: 'filled', generation: 0 });
    for (let i = 1; i <= AD_SETTINGS.maxRefreshes; i++) {
      expect(canRefreshAdSlot(state)).toBe(true);
      state = nextAdSlotState(nextAdSlotState(state, 'refresh-due'), 'filled');
      expect(state).toMatchObject({ phase: 'filled', generation: i, refreshes: i });
    }
    expect(canRefreshAdSlot(state)).toBe(false);
    expect(nextAdSlotState(state, 'refresh-due')).toBe(state);
  });

  it('retries once after a failed fill and falls back to the house promotion if that fails too', () => {
    expect(run('unfilled')).toMatchObject({ phase: 'retrying', generation: 0 });
    expect(run('unfilled', 'retry-due')).toMatchObject({ phase: 'filling', generation: 1, retried: true });
    expect(run('unfilled', 'retry-due', 'filled')).toMatchObject({ phase: 'filled', retried: false });
    expect(run('unfilled', 'retry-due', 'unfilled')).toMatchObject({ phase: 'fallback' });
  });

  it('gives a refreshed slot that fails to fill its own retry', () => {
    const state = run('filled', 'refresh-due', 'unfilled', 'retry-due', 'unfilled');
    expect(state.phase).toBe('fallback');
    expect(run('filled', 'refresh-due', 'unfilled', 'retry-due', 'filled').phase).toBe('filled');
  });

  it('ignores events that do not apply to the current phase', () => {
    expect(run('retry-due')).toEqual(initialAdSlotState);
    expect(run('unfilled', 'retry-due', 'unfilled', 'filled', 'refresh-due').phase).toBe('fallback');
  });
});
