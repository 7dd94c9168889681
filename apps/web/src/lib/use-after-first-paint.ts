import { useEffect, useState } from 'react';

/** Once the page has painted, it stays painted: later screens need not wait for anything. */
let painted = false;

/**
 * Whether the page has been painted once since it was opened: reads that the first screen does not
 * need (the ad slots' configuration, the price comparisons, a chart's points) wait for it, so their
 * requests and the renders their answers cause come after the largest paint instead of before it.
 */
export function useAfterFirstPaint(): boolean {
  const [done, setDone] = useState(painted);
  useEffect(() => {
    if (done) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A frame callback runs just before the browser paints; a task queued from it runs after.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        painted = true;
        setDone(true);
      }, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [done]);
  return done;
}
