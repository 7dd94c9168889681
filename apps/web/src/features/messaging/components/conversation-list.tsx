import {
  type ConversationSummary,
  MESSAGING_MESSAGES,
  participantLabel,
} from '@app/shared/messaging/messaging.schemas';
import { MessagesSquare } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { useConversations } from '../api/get-conversations';
import { conversationPath } from '../utils/conversation-path';
import { formatMessageAge } from '../utils/format-message-time';

type ConversationListProps = {
  selectedId: string | null;
  viewerId: string;
};

/** The left pane of /messages: the viewer's conversations, newest activity first. */
export function ConversationList({ selectedId, viewerId }: ConversationListProps) {
  const conversations = useConversations();

  if (conversations.isPending) return <ConversationListSkeleton />;
  if (conversations.isError) {
    return (
      <div className="p-4">
        <EmptyState
          title={MESSAGING_MESSAGES.loadConversationsError}
          description="Check your connection and try again."
          action={<Button onClick={() => void conversations.refetch()}>Try Again</Button>}
          headingLevel={3}
          className="border-0 bg-transparent"
        />
      </div>
    );
  }
  const items = conversations.data.items;
  if (items.length === 0) {
    return (
      <div className="flex min-h-full p-4">
        <NoConversations className="m-auto border-0 bg-transparent" />
      </div>
    );
  }

  return (
    <ul className="divide-y">
      {items.map((conversation) => (
        <li key={conversation.id}>
          <ConversationRow
            conversation={conversation}
            selected={conversation.id === selectedId}
            viewerId={viewerId}
          />
        </li>
      ))}
    </ul>
  );
}

/** What a trader without conversations reads: where conversations start, with the two ways there. */
export function NoConversations({ className }: { className?: string }) {
  return (
    <EmptyState
      icon={MessagesSquare}
      title={MESSAGING_MESSAGES.noConversations}
      description={
        <>
          <p>{MESSAGING_MESSAGES.startFromMarketplace}</p>
          <p className="mt-1">
            Open a listing and choose Message seller, or press Message on a company&apos;s page in the
            directory. Replies from buyers and sellers appear here.
          </p>
        </>
      }
      action={
        <>
          <Button asChild>
            <Link to={paths.marketplace}>Browse Marketplace</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to={paths.directory}>Company Directory</Link>
          </Button>
        </>
      }
      headingLevel={2}
      className={className}
    />
  );
}

function ConversationRow({
  conversation,
  selected,
  viewerId,
}: {
  conversation: ConversationSummary;
  selected: boolean;
  viewerId: string;
}) {
  const name = participantLabel(conversation.otherParticipant);
  const last = conversation.lastMessage;
  const unread = conversation.unreadCount;
  const preview = last ? `${last.senderId === viewerId ? 'You: ' : ''}${last.content}` : 'No messages yet';
  return (
    <Link
      to={conversationPath(conversation.id)}
      aria-current={selected ? 'true' : undefined}
      className={cn(
        'grid grid-cols-1 gap-0.5 px-4 py-3 outline-none transition-colors hover:bg-muted focus-visible:bg-muted focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring',
        selected && 'bg-primary-soft hover:bg-primary-soft',
      )}
    >
      <span className="flex items-center gap-2">
        <span
          className={cn('min-w-0 flex-1 truncate', unread > 0 ? 'font-semibold' : 'font-medium')}
          title={name}
        >
          {name}
        </span>
        <time dateTime={conversation.lastMessageAt} className="shrink-0 text-xs text-muted-foreground">
          {formatMessageAge(conversation.lastMessageAt)}
        </time>
      </span>
      <span className="truncate text-sm text-slate-700">{conversation.subject}</span>
      <span className="flex items-center gap-2">
        <span
          className={cn(
            'min-w-0 flex-1 truncate text-sm',
            unread > 0 ? 'font-medium text-foreground' : 'text-muted-foreground',
          )}
        >
          {preview}
        </span>
        {unread > 0 ? (
          <Badge className="tabular shrink-0">
            <span aria-hidden>{unread}</span>
            <span className="sr-only">{unread} unread</span>
          </Badge>
        ) : null}
      </span>
    </Link>
  );
}

function ConversationListSkeleton() {
  return (
    <div className="divide-y" aria-busy="true">
      <span className="sr-only">Loading conversations</span>
      {[0, 1, 2, 3].map((i) => (
        <div key={i} className="grid gap-2 px-4 py-3">
          <div className="flex justify-between gap-4">
            <Skeleton className="h-4 w-32" />
            <Skeleton className="h-3 w-12" />
          </div>
          <Skeleton className="h-3.5 w-40" />
          <Skeleton className="h-3.5 w-full" />
        </div>
      ))}
    </div>
  );
}
