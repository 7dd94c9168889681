import { Settings } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { parseApiError } from '@/lib/api-client';
import { useAdminSettings } from '../api/system-settings';
import { SystemDatabaseCard } from './system-database-card';
import { SystemEmailCard } from './system-email-card';
import { SystemMarketCard } from './system-market-card';
import { SystemPaymentCard } from './system-payment-card';
import { SystemPlatformCard } from './system-platform-card';

/** /admin/system: five cards (Platform, Payment, Email, Database, Market data), each saved on its own. */
export function SystemSettings() {
  const settings = useAdminSettings();
  if (settings.isPending) {
    return (
      <div className="grid gap-6 lg:grid-cols-2" role="status" aria-busy="true" aria-label="Loading settings">
        {Array.from({ length: 5 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <Skeleton key={i} className="h-96 w-full rounded-card" />
        ))}
      </div>
    );
  }
  if (settings.isError) {
    return (
      <EmptyState
        icon={Settings}
        title="Failed to load settings"
        description={parseApiError(settings.error).message}
        action={<Button onClick={() => void settings.refetch()}>Try Again</Button>}
      />
    );
  }
  const list = settings.data;
  return (
    <div className="grid items-stretch gap-6 lg:grid-cols-2">
      <SystemPlatformCard list={list} />
      <SystemPaymentCard list={list} />
      <SystemEmailCard list={list} />
      <SystemDatabaseCard list={list} />
      <SystemMarketCard list={list} />
    </div>
  );
}
