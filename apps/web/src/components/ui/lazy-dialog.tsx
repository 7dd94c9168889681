import { type ComponentType, lazy, Suspense, useState } from 'react';
import { Skeleton } from './skeleton';

/** Stands where the dialog will open while its code arrives: the overlay and a card of placeholders. */
export function DialogSkeleton() {
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-slate-950/50 p-4">
      <div
        className="grid w-full max-w-md gap-4 rounded-card border bg-card p-6 shadow-xl"
        role="status"
        aria-busy="true"
        aria-label="Loading"
      >
        <Skeleton className="h-6 w-2/3" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-10 w-full" />
        <Skeleton className="ml-auto h-10 w-32" />
      </div>
    </div>
  );
}

/**
 * A dialog whose code is fetched the first time it opens, not with the screen that offers it. `isOpen`
 * reads whether it is open from its props (`open`, or a result that is not null). Once loaded it stays
 * mounted, so it closes with its animation and opens again at once.
 */
export function lazyDialog<P extends object>(
  load: () => Promise<ComponentType<P>>,
  isOpen: (props: P) => boolean,
): ComponentType<P> {
  const Loaded = lazy(async () => ({ default: await load() })) as unknown as ComponentType<P>;
  // biome-ignore lint/correctness/noComponentHookFactories: called once per dialog at module level, like React.lazy
  return function LazyDialog(props: P) {
    const open = isOpen(props);
    const [opened, setOpened] = useState(open);
    if (open && !opened) setOpened(true);
    if (!opened) return null;
    return (
      <Suspense fallback={open ? <DialogSkeleton /> : null}>
        <Loaded {...props} />
      </Suspense>
    );
  };
}
