import {
  type ConversationSummary,
  MESSAGING_MESSAGES,
  participantLabel,
} from '@app/shared/messaging/messaging.schemas';
import { Crown } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { formatUsd } from '@/lib/format';
import { usePricing } from '@/lib/pricing';
import { StartConversationDialog } from './start-conversation-dialog';

/**
 * In place of the reply box when the viewer may not write in a deal thread: why, and the contact fee
 * that turns the thread into a general conversation (the same paid start as from a listing).
 */
export function DealThreadNotice({ conversation }: { conversation: ConversationSummary }) {
  const [paying, setPaying] = useState(false);
  const pricing = usePricing();
  const name = participantLabel(conversation.otherParticipant);
  const closed = conversation.writeBlockedReason === MESSAGING_MESSAGES.dealThreadClosed;
  const fee = pricing.data ? formatUsd(pricing.data.contactFeeCents) : null;

  return (
    <div className="border-t bg-background p-3 sm:p-4">
      <Alert variant="warning" role="note">
        <AlertTitle>{closed ? 'This deal thread is closed' : 'Waiting for the seller'}</AlertTitle>
        <AlertDescription>
          <p>{conversation.writeBlockedReason}</p>
          <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-2">
            <Button size="sm" onClick={() => setPaying(true)} disabled={!fee}>
              {fee ? `Pay ${fee} contact fee` : 'Pay contact fee'}
            </Button>
            <Button asChild variant="link" className="font-semibold">
              <Link to={paths.subscription}>
                <Crown aria-hidden />
                Premium members message for free
              </Link>
            </Button>
          </div>
        </AlertDescription>
      </Alert>
      <StartConversationDialog
        target={{ recipientId: conversation.otherParticipant.id, recipientName: name }}
        open={paying}
        onOpenChange={setPaying}
      />
    </div>
  );
}
