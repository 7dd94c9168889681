import { ListSkeleton, Skeleton } from '@/components/ui/skeleton';

/**
 * A screen whose code is still on its way: the page header band and a grid of cards, inside the
 * layout, so the navigation stays usable meanwhile.
 */
export function RouteSkeleton() {
  return (
    <div aria-busy="true">
      <div className="border-b bg-surface" aria-hidden>
        <div className="container-page grid gap-3 py-10 md:py-14">
          <Skeleton className="h-9 w-72 max-w-full" />
          <Skeleton className="h-5 w-full max-w-xl" />
        </div>
      </div>
      <div className="container-page py-8">
        <ListSkeleton
          label="Loading page"
          rows={6}
          className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3"
          itemClassName="h-40 w-full rounded-xl"
        />
      </div>
    </div>
  );
}
