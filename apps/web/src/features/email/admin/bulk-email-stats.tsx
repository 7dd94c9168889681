import { BULK_EMAIL_MESSAGES } from '@app/shared/admin/bulk-email.schemas';
import {
  BadgeCheck,
  Building,
  Building2,
  Crown,
  type LucideIcon,
  RefreshCw,
  UserRound,
  Users,
} from 'lucide-react';
import { useEffect } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton, SkeletonText } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import type { BulkEmailStats as Stats, useBulkEmailStats } from '../api/bulk-email';

type StatKey = Exclude<keyof Stats, 'audiences' | 'audienceMatches' | 'computedAt' | 'unsubscribedUsers'>;

/** The spec's six cards, in its order, each with a line saying exactly what it counts. */
const STAT_CARDS: { key: StatKey; label: string; hint: string; icon: LucideIcon }[] = [
  { key: 'totalUsers', label: 'Total Users', hint: 'Accounts that are not suspended', icon: Users },
  {
    key: 'activeSubscribers',
    label: 'Active Subscribers',
    hint: 'Premium subscription active now',
    icon: BadgeCheck,
  },
  {
    key: 'subscribersWithCompanies',
    label: 'With Companies',
    hint: 'Active subscribers with a company',
    icon: Building2,
  },
  {
    key: 'subscribersWithoutCompanies',
    label: 'Without Companies',
    hint: 'Active subscribers without a company',
    icon: Building,
  },
  { key: 'unpaidUsers', label: 'Unpaid Users', hint: 'No active Premium subscription', icon: UserRound },
  { key: 'totalSubscribers', label: 'Total Subscribers', hint: 'Have ever held Premium', icon: Crown },
];

const count = (value: number) => new Intl.NumberFormat('en-US').format(value);

/** The six subscriber counts with Refresh Stats; a failed load says so in the spec's toast. */
export function BulkEmailStats({ stats }: { stats: ReturnType<typeof useBulkEmailStats> }) {
  // Every failed load (the first, or a Refresh Stats) says so once.
  const failedAt = stats.isError ? stats.errorUpdatedAt : 0;
  useEffect(() => {
    if (failedAt)
      toast.error('Error', { id: 'bulk-email-stats', description: BULK_EMAIL_MESSAGES.statsFailed });
  }, [failedAt]);

  const data = stats.data;
  return (
    <section aria-labelledby="bulk-email-stats-heading" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="grid gap-1">
          <h2 id="bulk-email-stats-heading" className="text-xl font-semibold tracking-tight">
            Subscriber Statistics
          </h2>
          <p className="text-sm text-muted-foreground">
            {data ? (
              <>
                Counted{' '}
                <time dateTime={data.computedAt}>
                  {new Date(data.computedAt).toLocaleString(undefined, {
                    dateStyle: 'medium',
                    timeStyle: 'short',
                  })}
                </time>
                .
              </>
            ) : stats.isError ? (
              BULK_EMAIL_MESSAGES.statsFailed
            ) : (
              <SkeletonText className="w-40" />
            )}
          </p>
        </div>
        <Button variant="outline" onClick={() => void stats.refetch()} disabled={stats.isFetching}>
          {stats.isFetching ? <Spinner label="Refreshing statistics" /> : <RefreshCw aria-hidden />}
          Refresh Stats
        </Button>
      </div>
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-3">
        {STAT_CARDS.map(({ key, label, hint, icon: Icon }) => (
          <Card key={key} className="grid content-start gap-1 p-4">
            <dt className="flex items-center gap-2 text-sm font-medium text-muted-foreground">
              <Icon className="size-4 shrink-0 text-primary" aria-hidden />
              {label}
            </dt>
            <dd className="text-2xl font-bold tabular-nums" data-testid={`stat-${key}`}>
              {data ? count(data[key]) : stats.isError ? '—' : <Skeleton className="my-1 h-7 w-16" />}
            </dd>
            <dd className="text-xs text-muted-foreground">{hint}</dd>
          </Card>
        ))}
      </dl>
      {data ? (
        <p className="text-sm text-muted-foreground">
          {data.unsubscribedUsers === 1
            ? '1 user has opted out of campaigns and is left out of every audience.'
            : `${count(data.unsubscribedUsers)} users have opted out of campaigns and are left out of every audience.`}
        </p>
      ) : null}
    </section>
  );
}
