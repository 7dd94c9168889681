import { MESSAGING_MESSAGES, participantLabel } from '@app/shared/messaging/messaging.schemas';
import { MessagesSquare } from 'lucide-react';
import { useCallback, useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { toast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { useConversation } from '@/features/messaging/api/get-conversation';
import { useConversations } from '@/features/messaging/api/get-conversations';
import { ContactFeeReturn } from '@/features/messaging/components/contact-fee-return';
import { ConversationList, NoConversations } from '@/features/messaging/components/conversation-list';
import { ConversationThread } from '@/features/messaging/components/conversation-thread';
import { conversationPath } from '@/features/messaging/utils/conversation-path';
import { LazyTraderSafetyMenu } from '@/features/trust/components/lazy-trader-safety-menu';
import { ReportMessageButton } from '@/features/trust/components/report-message-button';
import { parseApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth-client';
import { cn } from '@/lib/cn';
import { useDocumentTitle } from '@/lib/use-document-title';

/**
 * /messages (signed in only): the conversation list and the open thread side by side on wide screens,
 * one at a time on a phone. The open conversation is in the address (?conversation=id).
 */
export function MessagesPage() {
  useDocumentTitle('Messages', 'Your conversations with buyers and sellers.');
  const { user } = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const selectedId = params.get('conversation');
  const contact = params.get('contact');
  const requestId = params.get('request');
  const confirming = contact === 'success' && requestId ? requestId : null;

  useEffect(() => {
    if (contact !== 'cancelled') return;
    toast('Payment cancelled', {
      id: 'contact-cancelled',
      description: 'You have not been charged and no conversation was started.',
    });
    navigate(paths.messages, { replace: true });
  }, [contact, navigate]);

  const onContactOpened = useCallback(
    (conversationId: string) => navigate(conversationPath(conversationId), { replace: true }),
    [navigate],
  );
  const onContactClosed = useCallback(() => navigate(paths.messages, { replace: true }), [navigate]);
  const backToList = useCallback(() => navigate(paths.messages), [navigate]);
  const conversations = useConversations();

  if (!user) return null;
  const showThread = Boolean(selectedId || confirming);
  // Nothing to select: the explanation alone, sized to its text rather than a screen-high box.
  if (!showThread && conversations.data?.items.length === 0) {
    return (
      <div className="container-page grid gap-4 py-6 md:py-8">
        <h1 className="text-2xl font-bold tracking-tight md:text-3xl">Messages</h1>
        <NoConversations className="py-10" />
      </div>
    );
  }

  return (
    <div className="container-page grid gap-4 py-6 md:py-8">
      <h1
        className={cn(
          'text-2xl font-bold tracking-tight md:text-3xl',
          showThread && 'sr-only md:not-sr-only',
        )}
      >
        Messages
      </h1>
      {/*
        An open thread fills the screen below the header (on a phone, below the heading too); the list
        alone is as tall as its conversations, up to a screen, beside a short prompt on wide screens.
      */}
      <div
        className={cn(
          'flex overflow-hidden rounded-card border bg-card shadow-card',
          showThread
            ? 'h-[calc(100dvh-7rem)] min-h-[26rem] md:h-[calc(100dvh-14rem)] md:min-h-[32rem] xl:h-[calc(100dvh-11.25rem)]'
            : 'max-h-[calc(100dvh-10rem)] md:max-h-[calc(100dvh-14rem)] md:min-h-72 xl:max-h-[calc(100dvh-11.25rem)]',
        )}
      >
        <nav
          aria-label="Conversations"
          className={cn(
            'min-h-0 w-full shrink-0 overflow-y-auto md:block md:w-80 md:border-r lg:w-96',
            showThread ? 'hidden' : 'block',
          )}
        >
          <ConversationList selectedId={selectedId} viewerId={user.id} />
        </nav>
        <div className={cn('min-h-0 min-w-0 flex-1 flex-col', showThread ? 'flex' : 'hidden md:flex')}>
          {confirming ? (
            <ContactFeeReturn requestId={confirming} onOpened={onContactOpened} onClosed={onContactClosed} />
          ) : selectedId ? (
            <SelectedConversation
              key={selectedId}
              conversationId={selectedId}
              viewerId={user.id}
              onBack={backToList}
            />
          ) : (
            <EmptyState
              icon={MessagesSquare}
              title={MESSAGING_MESSAGES.selectConversation}
              description="Choose a conversation on the left to read and reply."
              headingLevel={2}
              className="m-auto border-0 bg-transparent py-8"
            />
          )}
        </div>
      </div>
    </div>
  );
}

function SelectedConversation({
  conversationId,
  viewerId,
  onBack,
}: {
  conversationId: string;
  viewerId: string;
  onBack: () => void;
}) {
  const list = useConversations();
  const listed = list.data?.items.find((c) => c.id === conversationId);
  // A conversation beyond the list's 200 (or just created) is read on its own.
  const single = useConversation(list.isSuccess && !listed ? conversationId : null);
  const conversation = listed ?? single.data;

  if (single.isError) {
    const missing = parseApiError(single.error).code === 'NOT_FOUND';
    return (
      <EmptyState
        title={missing ? MESSAGING_MESSAGES.conversationNotFound : MESSAGING_MESSAGES.fetchConversationFailed}
        description={missing ? 'It may have been removed, or the link is not yours.' : undefined}
        action={
          missing ? (
            <Button variant="outline" onClick={onBack}>
              Back to conversations
            </Button>
          ) : (
            <Button onClick={() => void single.refetch()}>Try Again</Button>
          )
        }
        headingLevel={2}
        className="m-auto border-0 bg-transparent"
      />
    );
  }

  return (
    <ConversationThread
      conversationId={conversationId}
      conversation={conversation}
      viewerId={viewerId}
      onBack={onBack}
      headerActions={
        conversation ? (
          <LazyTraderSafetyMenu
            userId={conversation.otherParticipant.id}
            name={participantLabel(conversation.otherParticipant)}
          />
        ) : null
      }
      messageAction={(message, senderName) => (
        <ReportMessageButton messageId={message.id} senderName={senderName} />
      )}
    />
  );
}
