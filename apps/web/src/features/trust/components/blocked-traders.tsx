import { TRUST_MESSAGES } from '@app/shared/trust/trust-rules';
import { Ban } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { ListSkeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast';
import { parseApiError } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { useBlocks, useUnblockTrader } from '../api/blocks';

/** The account's blocked traders, each with Unblock (Settings → Account → Preferences). */
export function BlockedTraders() {
  const blocks = useBlocks();
  const unblock = useUnblockTrader();

  if (blocks.isPending)
    return <ListSkeleton label="Loading blocked traders" rows={2} itemClassName="h-10 w-full" />;
  if (blocks.isError)
    return (
      <div className="grid gap-2 text-sm">
        <p>{parseApiError(blocks.error).message}</p>
        <Button
          variant="outline"
          size="sm"
          className="justify-self-start"
          onClick={() => void blocks.refetch()}
        >
          Try Again
        </Button>
      </div>
    );
  if (blocks.data.items.length === 0)
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <Ban className="size-4 shrink-0" aria-hidden />
        You have not blocked anyone. Block a trader from their company page, a listing or a conversation.
      </p>
    );

  const onUnblock = async (userId: string) => {
    try {
      await unblock.mutateAsync(userId);
      toast.success(TRUST_MESSAGES.unblocked);
    } catch (err) {
      toast.error(parseApiError(err).message);
    }
  };
  return (
    <ul className="grid divide-y" aria-label="Blocked traders">
      {blocks.data.items.map((trader) => (
        <li
          key={trader.userId}
          className="flex flex-wrap items-center justify-between gap-3 py-3 first:pt-0 last:pb-0"
        >
          <div className="grid text-sm">
            <span className="font-medium">{trader.name}</span>
            <span className="text-muted-foreground">
              {trader.companyName ? `${trader.companyName} · ` : ''}blocked {formatDate(trader.blockedAt)}
            </span>
          </div>
          <Button
            variant="outline"
            size="sm"
            disabled={unblock.isPending && unblock.variables === trader.userId}
            onClick={() => void onUnblock(trader.userId)}
            aria-label={`Unblock ${trader.name}`}
          >
            Unblock
          </Button>
        </li>
      ))}
    </ul>
  );
}
