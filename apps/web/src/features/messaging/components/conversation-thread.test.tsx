import type { ConversationSummary, Message } from '@app/shared/messaging/messaging.schemas';
import { TRUST_MESSAGES } from '@app/shared/trust/trust-rules';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderWithProviders, TRADER } from '@/testing/render-with-providers';
import { ConversationThread } from './conversation-thread';

const conversation: ConversationSummary = {
  id: 'c-1',
  subject: 'Copper',
  otherParticipant: { id: 'seller-1', name: 'Sam Seller', email: null, company: null },
  listingId: null,
  companyId: null,
  lastMessage: null,
  unreadCount: 0,
  lastMessageAt: '2026-03-02T10:05:00.000Z',
  createdAt: '2026-03-02T10:00:00.000Z',
  origin: 'contact',
  canWrite: true,
  writeBlockedReason: null,
};

const message = (over: Partial<Message> & Pick<Message, 'id' | 'senderId' | 'content'>): Message => ({
  conversationId: 'c-1',
  messageType: 'text',
  replyTo: null,
  metadata: {},
  readAt: '2026-03-02T10:06:00.000Z',
  createdAt: '2026-03-02T10:00:00.000Z',
  ...over,
});

/** The thread of c-1 as the trader sees it, with these messages loaded. */
function renderThread(items: Message[]) {
  mockApi({
    'GET /api/conversations/c-1/messages': { items, hasMore: false, nextBefore: null },
    'GET /api/reputations': { users: {}, companies: {} },
  });
  renderWithProviders(
    <ConversationThread
      conversationId="c-1"
      conversation={conversation}
      viewerId={TRADER.id}
      onBack={() => {}}
    />,
  );
}

describe('ConversationThread', () => {
  it('quotes a message an administrator removed with the notice, set apart from quoted text', async () => {
    const removed = message({
      id: 'm-1',
      senderId: 'seller-1',
      content: TRUST_MESSAGES.messageHidden,
      hidden: true,
    });
    const reply = message({
      id: 'm-2',
      senderId: TRADER.id,
      content: 'Why not through escrow?',
      replyTo: { id: 'm-1', senderId: 'seller-1', content: TRUST_MESSAGES.messageHidden, hidden: true },
      createdAt: '2026-03-02T10:01:00.000Z',
    });
    const quoting = message({
      id: 'm-3',
      senderId: 'seller-1',
      content: 'Through escrow, then.',
      replyTo: { id: 'm-2', senderId: TRADER.id, content: 'Why not through escrow?' },
      createdAt: '2026-03-02T10:02:00.000Z',
    });
    renderThread([removed, reply, quoting]);

    await screen.findByText('Through escrow, then.');
    const quotes = screen.getAllByRole('blockquote');
    expect(quotes).toHaveLength(2);
    // The removed message's quote: its author and the notice, in italics like the notice in its place.
    expect(quotes[0]).toHaveTextContent(`Sam Seller${TRUST_MESSAGES.messageHidden}`);
    expect(quotes[0].querySelector('.italic')).toHaveTextContent(TRUST_MESSAGES.messageHidden);
    // An ordinary quote reads as written.
    expect(quotes[1]).toHaveTextContent('YouWhy not through escrow?');
    expect(quotes[1].querySelector('.italic')).toBeNull();
  });

  it('marks the half of an IBAN the second of two messages holds, under the warning', async () => {
    const first = message({ id: 'm-1', senderId: 'seller-1', content: 'Our IBAN is DE89 3704 0044' });
    const answer = message({
      id: 'm-2',
      senderId: TRADER.id,
      content: 'And the rest?',
      createdAt: '2026-03-02T10:00:30.000Z',
    });
    const second = message({
      id: 'm-3',
      senderId: 'seller-1',
      content: '0532 0130 00, thanks',
      fraudSignals: ['iban'],
      createdAt: '2026-03-02T10:01:00.000Z',
    });
    renderThread([first, answer, second]);

    expect(await screen.findByRole('note', { name: 'Payment warning' })).toBeInTheDocument();
    const marked = document.querySelectorAll('mark');
    expect([...marked].map((m) => m.textContent)).toEqual(['0532 0130 00']);
  });
});
