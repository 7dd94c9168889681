import { TRUST_MESSAGES } from '@app/shared/trust/trust-rules';
import { Ban, Flag, MoreHorizontal, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { toast } from '@/components/ui/toast';
import { parseApiError } from '@/lib/api-client';
import { useBlocks, useBlockTrader, useUnblockTrader } from '../api/blocks';
import { ReportDialog, type ReportTarget } from './report-dialog';

export type TraderSafetyMenuProps = {
  /** The other trader's user id (a company's or a listing's owner, the other participant). */
  userId: string;
  /** How the trader is named in the menu ("Block Greenloop Metals"). */
  name: string;
  /** The item this menu reports, when there is one. */
  report?: ReportTarget;
  className?: string;
};

/** "Block or report": a menu of Report this item and Block (or Unblock) the trader, with their dialogs. */
export function TraderSafetyMenu({ userId, name, report, className }: TraderSafetyMenuProps) {
  const blocks = useBlocks();
  const blockTrader = useBlockTrader();
  const unblockTrader = useUnblockTrader();
  const [confirming, setConfirming] = useState(false);
  const [reporting, setReporting] = useState(false);
  const blocked = blocks.data?.items.some((b) => b.userId === userId) ?? false;

  const onBlock = async () => {
    try {
      await blockTrader.mutateAsync(userId);
      toast.success(TRUST_MESSAGES.blocked, { description: `You will no longer see ${name}’s listings.` });
      setConfirming(false);
    } catch (err) {
      toast.error(parseApiError(err).message);
    }
  };
  const onUnblock = async () => {
    try {
      await unblockTrader.mutateAsync(userId);
      toast.success(TRUST_MESSAGES.unblocked);
    } catch (err) {
      toast.error(parseApiError(err).message);
    }
  };

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="outline" size="sm" className={className} aria-label={`Block or report ${name}`}>
            <MoreHorizontal aria-hidden />
            <span className="hidden sm:inline">Block or report</span>
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          {report ? (
            <DropdownMenuItem onSelect={() => setReporting(true)}>
              <Flag aria-hidden />
              Report this {report.noun}
            </DropdownMenuItem>
          ) : null}
          {blocked ? (
            <DropdownMenuItem onSelect={() => void onUnblock()} disabled={unblockTrader.isPending}>
              <ShieldCheck aria-hidden />
              Unblock {name}
            </DropdownMenuItem>
          ) : (
            <DropdownMenuItem
              variant="destructive"
              onSelect={() => setConfirming(true)}
              disabled={blocks.isPending}
            >
              <Ban aria-hidden />
              Block {name}
            </DropdownMenuItem>
          )}
        </DropdownMenuContent>
      </DropdownMenu>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Block ${name}?`}
        description={`${name} will no longer be able to message you, make offers on or buy your listings, or see you in their matches, and you will no longer see their listings. You can unblock them in Settings → Account → Preferences.`}
        confirmLabel="Block"
        busyLabel="Blocking..."
        isBusy={blockTrader.isPending}
        onConfirm={() => void onBlock()}
      />
      {report ? <ReportDialog target={report} open={reporting} onOpenChange={setReporting} /> : null}
    </>
  );
}
