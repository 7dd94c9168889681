import { Settings } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ListSkeleton } from '@/components/ui/skeleton';
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
      <ListSkeleton
        label="Loading settings"
        rows={5}
        className="grid gap-6 lg:grid-cols-2"
        itemClassName="h-96 w-full rounded-card"
      />
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
