import {
  type ConversationSummary,
  MESSAGING_MESSAGES,
  type Message,
  participantLabel,
} from '@app/shared/messaging/messaging.schemas';
import { TRUST_MESSAGES } from '@app/shared/trust/trust-rules';
import { ArrowLeft, ExternalLink, MessageCircle, Reply } from 'lucide-react';
import { type ReactNode, useEffect, useLayoutEffect, useRef } from 'react';
import { Link } from 'react-router';
import { ReputationBadge } from '@/components/reputation/reputation-badge';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { useReputations } from '@/lib/reputation';
import { flattenMessages, useMessages } from '../api/get-messages';
import { useMarkRead } from '../api/mark-read';
import { isPendingMessage } from '../api/send-message';
import { useActiveConversation } from '../hooks/active-conversation';
import { usePageVisible } from '../hooks/use-page-visible';
import { formatMessageTime } from '../utils/format-message-time';
import { DealThreadNotice } from './deal-thread-notice';
import { earlierTextsOf, FraudWarning, HighlightedContent } from './fraud-warning';
import { MessageComposer, useReplyDraft } from './message-composer';

/** Within this many pixels of the top, the older page loads; of the bottom, new messages scroll into view. */
const EDGE_PX = 80;

type ConversationThreadProps = {
  conversationId: string;
  /** Undefined while the conversation itself is loading. */
  conversation: ConversationSummary | undefined;
  viewerId: string;
  onBack: () => void;
  /** Shown at the end of the header: the route's Block or report menu. */
  headerActions?: ReactNode;
  /** Shown under each of the other trader's messages, beside Reply: the route's Report button. */
  messageAction?: (message: Message, senderName: string) => ReactNode;
};

/** Why a block closed the conversation (the server's words), in place of the reply box. */
const BLOCK_REASONS: readonly string[] = [
  TRUST_MESSAGES.cannotMessageTrader,
  TRUST_MESSAGES.youBlockedTraderMessaging,
];

/** The right pane of /messages: header, the messages oldest first, and the reply box (or why the viewer may not write). */
export function ConversationThread({
  conversationId,
  conversation,
  viewerId,
  onBack,
  headerActions,
  messageAction,
}: ConversationThreadProps) {
  useActiveConversation(conversationId);
  const messages = useMessages(conversationId);
  const markRead = useMarkRead(viewerId);
  const visible = usePageVisible();
  const reply = useReplyDraft(conversationId);
  const items = flattenMessages(messages.data);

  // Opening the conversation, or a message arriving while it is open and in view, marks it read.
  const newestUnread = [...items].reverse().find((m) => m.senderId !== viewerId && !m.readAt)?.id;
  const listedUnread = conversation?.unreadCount ?? 0;
  const lastMarked = useRef<string | null>(null);
  const { mutate: markConversationRead } = markRead;
  useEffect(() => {
    if (!visible || messages.isPending) return;
    if (!newestUnread && listedUnread === 0) return;
    const key = `${conversationId}:${newestUnread ?? 'listed'}`;
    if (lastMarked.current === key) return;
    lastMarked.current = key;
    markConversationRead(conversationId);
  }, [visible, messages.isPending, newestUnread, listedUnread, conversationId, markConversationRead]);

  const name = participantLabel(conversation?.otherParticipant);
  const reputations = useReputations({ users: conversation ? [conversation.otherParticipant.id] : [] });
  const reputation =
    conversation && reputations.data
      ? (reputations.data.users[conversation.otherParticipant.id] ?? null)
      : undefined;
  return (
    <section aria-labelledby="thread-title" className="flex min-h-0 flex-1 flex-col">
      <header className="flex items-center gap-3 border-b px-3 py-3 sm:px-4">
        <Button
          variant="ghost"
          size="icon"
          className="md:hidden"
          onClick={onBack}
          aria-label="Back to conversations"
        >
          <ArrowLeft aria-hidden />
        </Button>
        <div className="min-w-0 flex-1">
          {conversation ? (
            <>
              <h2
                id="thread-title"
                className="truncate font-semibold"
                title={[name, conversation.otherParticipant.company].filter(Boolean).join(' · ')}
              >
                {name}
                {conversation.otherParticipant.company ? (
                  <span className="font-normal text-muted-foreground">
                    {' '}
                    · {conversation.otherParticipant.company}
                  </span>
                ) : null}
              </h2>
              <p className="truncate text-sm text-muted-foreground" title={conversation.subject}>
                {conversation.subject}
              </p>
              <ReputationBadge reputation={reputation} className="mt-0.5" />
            </>
          ) : (
            <>
              <h2 id="thread-title" className="sr-only">
                Loading conversation
              </h2>
              <Skeleton className="h-5 w-40" />
              <Skeleton className="mt-1.5 h-4 w-56" />
            </>
          )}
        </div>
        {conversation?.listingId ? (
          <Button asChild variant="outline" size="sm">
            <Link to={paths.listing(conversation.listingId)}>
              <ExternalLink aria-hidden />
              <span className="hidden sm:inline">View listing</span>
              <span className="sr-only sm:hidden">View listing</span>
            </Link>
          </Button>
        ) : conversation?.companyId ? (
          <Button asChild variant="outline" size="sm">
            <Link to={paths.company(conversation.companyId)}>
              <ExternalLink aria-hidden />
              <span className="hidden sm:inline">View company</span>
              <span className="sr-only sm:hidden">View company</span>
            </Link>
          </Button>
        ) : null}
        {headerActions}
      </header>

      <MessageScroller
        key={conversationId}
        messages={items}
        viewerId={viewerId}
        otherName={name}
        state={messages}
        onReply={reply.set}
        messageAction={messageAction}
      />

      {conversation &&
      !conversation.canWrite &&
      BLOCK_REASONS.includes(conversation.writeBlockedReason ?? '') ? (
        <div className="border-t bg-background p-3 sm:p-4">
          <Alert variant="info" role="note">
            <AlertDescription>{conversation.writeBlockedReason}</AlertDescription>
          </Alert>
        </div>
      ) : conversation && !conversation.canWrite ? (
        <DealThreadNotice conversation={conversation} />
      ) : (
        <MessageComposer conversationId={conversationId} viewerId={viewerId} otherName={name} reply={reply} />
      )}
    </section>
  );
}

type MessagesState = ReturnType<typeof useMessages>;

function MessageScroller({
  messages,
  viewerId,
  otherName,
  state,
  onReply,
  messageAction,
}: {
  messages: Message[];
  viewerId: string;
  otherName: string;
  state: MessagesState;
  onReply: (message: Message) => void;
  messageAction?: ConversationThreadProps['messageAction'];
}) {
  const scroller = useRef<HTMLDivElement>(null);
  // Distance from the bottom before an older page is prepended, so the reader stays where they were.
  const restoreFromBottom = useRef<number | null>(null);
  const stickToBottom = useRef(true);
  const lastId = messages.at(-1)?.id;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = state;

  const loadOlder = () => {
    const el = scroller.current;
    if (!el || !hasNextPage || isFetchingNextPage) return;
    restoreFromBottom.current = el.scrollHeight - el.scrollTop;
    void fetchNextPage();
  };

  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    stickToBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < EDGE_PX;
    if (el.scrollTop < EDGE_PX) loadOlder();
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the set of messages changes
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    if (restoreFromBottom.current !== null && !isFetchingNextPage) {
      el.scrollTop = el.scrollHeight - restoreFromBottom.current;
      restoreFromBottom.current = null;
      return;
    }
    if (stickToBottom.current) el.scrollTop = el.scrollHeight;
  }, [messages.length, lastId, isFetchingNextPage]);

  // The pane shrinks when the reply box grows (a quoted message, several lines): a reader at the
  // bottom stays at the bottom.
  useEffect(() => {
    const el = scroller.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (stickToBottom.current) el.scrollTop = el.scrollHeight;
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  // One's own new message always scrolls into view, wherever the reader was.
  const lastMessage = messages.at(-1);
  const ownLast = lastMessage?.senderId === viewerId;
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when a new last message appears
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el && ownLast) {
      el.scrollTop = el.scrollHeight;
      stickToBottom.current = true;
    }
  }, [lastId]);

  // The delivery state ("Sent", "Read") is shown once, under the viewer's latest message.
  const lastOwnId = messages.findLast((m) => m.senderId === viewerId && m.messageType === 'text')?.id;

  let body: ReactNode;
  if (state.isPending) body = <ThreadSkeleton />;
  else if (state.isError)
    body = (
      <EmptyState
        title={MESSAGING_MESSAGES.loadMessagesError}
        description="Check your connection and try again."
        action={<Button onClick={() => void state.refetch()}>Try Again</Button>}
        headingLevel={3}
        className="m-auto border-0 bg-transparent"
      />
    );
  else if (messages.length === 0)
    body = (
      <EmptyState
        icon={MessageCircle}
        title={MESSAGING_MESSAGES.noMessages}
        description={`Say hello to ${otherName}.`}
        headingLevel={3}
        className="m-auto border-0 bg-transparent"
      />
    );
  else
    body = (
      <>
        {hasNextPage ? (
          <div className="flex justify-center pb-2">
            <Button variant="ghost" size="sm" onClick={loadOlder} disabled={isFetchingNextPage}>
              {isFetchingNextPage ? 'Loading earlier messages...' : 'Load earlier messages'}
            </Button>
          </div>
        ) : null}
        <ol className="grid grid-cols-1 gap-3" aria-label="Messages">
          {messages.map((message) => (
            <MessageItem
              key={message.id}
              message={message}
              thread={messages}
              own={message.senderId === viewerId}
              showStatus={message.id === lastOwnId || isPendingMessage(message)}
              otherName={otherName}
              viewerId={viewerId}
              onReply={onReply}
              action={isOwn(message, viewerId) ? null : messageAction?.(message, otherName)}
            />
          ))}
        </ol>
      </>
    );

  return (
    <section
      ref={scroller}
      onScroll={onScroll}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the scrolling region must be reachable by keyboard
      tabIndex={0}
      aria-label="Conversation messages"
      className="flex min-h-0 flex-1 flex-col overflow-y-auto bg-surface px-3 py-4 outline-none focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring sm:px-4"
    >
      {body}
    </section>
  );
}

function MessageItem({
  message,
  thread,
  own,
  showStatus,
  otherName,
  viewerId,
  onReply,
  action,
}: {
  message: Message;
  /** The thread as loaded, oldest first: a warned message is read with the sender's messages before it. */
  thread: readonly Message[];
  own: boolean;
  showStatus: boolean;
  otherName: string;
  viewerId: string;
  onReply: (message: Message) => void;
  action?: ReactNode;
}) {
  const time = formatMessageTime(message.createdAt);
  if (message.messageType !== 'text') {
    return (
      <li className="flex justify-center">
        <p className="max-w-md whitespace-pre-wrap wrap-anywhere rounded-xl border bg-background px-4 py-1.5 text-center text-xs text-muted-foreground">
          {message.content}
          <span className="sr-only">, {time}</span>
        </p>
      </li>
    );
  }
  const pending = isPendingMessage(message);
  const status = pending ? 'Sending…' : message.readAt ? 'Read' : 'Sent';
  if (message.hidden)
    return (
      <li className={cn('flex', own ? 'justify-end' : 'justify-start')}>
        <p className="rounded-2xl border border-dashed px-3.5 py-2 text-sm italic text-muted-foreground">
          {message.content}
          <span className="sr-only">, {time}</span>
        </p>
      </li>
    );
  const warned = !own && (message.fraudSignals?.length ?? 0) > 0;
  return (
    <li className={cn('group flex flex-col gap-1', own ? 'items-end' : 'items-start')}>
      {warned ? <FraudWarning /> : null}
      <span className="sr-only">{own ? 'You' : otherName} wrote:</span>
      <div
        className={cn(
          'max-w-[85%] rounded-2xl px-3.5 py-2 text-sm shadow-xs sm:max-w-[75%]',
          own
            ? 'rounded-br-sm bg-primary text-primary-foreground'
            : 'rounded-bl-sm border bg-background text-foreground',
          pending && 'opacity-70',
        )}
      >
        {message.replyTo ? (
          <blockquote
            className={cn(
              'mb-1.5 border-l-2 pl-2 text-xs',
              own
                ? 'border-primary-foreground/70 text-primary-foreground/90'
                : 'border-primary text-muted-foreground',
            )}
          >
            <span className="block font-semibold">
              {message.replyTo.senderId === viewerId ? 'You' : otherName}
            </span>
            {/* A quoted message an administrator removed: the server sends the notice, never its text. */}
            <span
              className={cn(
                'line-clamp-3 whitespace-pre-wrap wrap-anywhere',
                message.replyTo.hidden && 'italic',
              )}
            >
              {message.replyTo.content}
            </span>
          </blockquote>
        ) : null}
        <p className="whitespace-pre-wrap wrap-anywhere">
          {warned ? (
            <HighlightedContent content={message.content} earlier={earlierTextsOf(thread, message)} />
          ) : (
            message.content
          )}
        </p>
      </div>
      <div className="flex items-center gap-2 px-1 text-xs text-muted-foreground">
        <time dateTime={message.createdAt}>{time}</time>
        {own && showStatus ? <span data-testid="message-status">{status}</span> : null}
        {pending ? null : (
          <button
            type="button"
            onClick={() => onReply(message)}
            className="inline-flex items-center gap-1 rounded px-1 font-medium text-slate-700 hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
            aria-label={`Reply to ${own ? 'your message' : otherName}: ${message.content.slice(0, 40)}`}
          >
            <Reply className="size-3" aria-hidden />
            Reply
          </button>
        )}
        {pending ? null : action}
      </div>
    </li>
  );
}

const isOwn = (message: Message, viewerId: string) => message.senderId === viewerId;

function ThreadSkeleton() {
  return (
    <div className="grid gap-4" aria-busy="true">
      <span className="sr-only">Loading messages</span>
      <Skeleton className="h-12 w-2/3 rounded-2xl" />
      <Skeleton className="ml-auto h-10 w-1/2 rounded-2xl" />
      <Skeleton className="h-16 w-3/5 rounded-2xl" />
      <Skeleton className="ml-auto h-10 w-2/5 rounded-2xl" />
    </div>
  );
}
