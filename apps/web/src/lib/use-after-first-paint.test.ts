import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAfterFirstPaint } from './use-after-first-paint';

describe('useAfterFirstPaint', () => {
  it('is false during the first render and true once a frame has passed', async () => {
    const { result } = renderHook(() => useAfterFirstPaint());
    expect(result.current).toBe(false);
    await waitFor(() => expect(result.current).toBe(true));
  });

  it('is true from the start for what mounts after the page has painted', () => {
    const { result } = renderHook(() => useAfterFirstPaint());
    expect(result.current).toBe(true);
  });
});
