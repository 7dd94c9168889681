import { Skeleton } from '@/components/ui/skeleton';

/** The shape of the panel while the claim loads. */
export function ClaimPanelSkeleton() {
  return (
    <div className="grid gap-3 rounded-lg border bg-surface p-4" role="status" aria-label="Loading the claim">
      <div className="flex gap-2">
        <Skeleton className="h-5 w-16" />
        <Skeleton className="h-5 w-40 rounded-full" />
      </div>
      <Skeleton className="h-16 w-full" />
      <Skeleton className="h-4 w-3/4" />
      <Skeleton className="h-4 w-1/2" />
    </div>
  );
}
