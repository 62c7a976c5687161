import type { ConversationDetail, Message } from '@kasuwa/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Inbox } from '@/features/conversations/inbox';
import { messagesApi } from '@/features/conversations/messages-api';
import { type SellerSocket, SocketConnectorContext } from '@/lib/socket';
import { type Answer, type Call, fakeApiClient } from '@/test/in-memory-api';
import { renderScreen } from '@/test/render-screen';

const ID = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function conversation(n: number, over: Partial<ConversationDetail> = {}): ConversationDetail {
  return {
    _id: ID(n),
    buyerName: `Buyer ${n}`,
    buyerId: ID(100 + n),
    sellerId: ID(99),
    storeName: 'Ngozi Wears',
    lastMessage: { body: `Hello ${n}`, sender: 'buyer', createdAt: '2026-11-27T10:00:00.000Z', kind: 'text' },
    updatedAt: '2026-11-27T10:00:00.000Z',
    unreadCount: 0,
    buyerUnreadCount: 0,
    flagged: false,
    ...over,
  };
}

function message(n: number, over: Partial<Message> = {}): Message {
  return {
    _id: ID(200 + n),
    conversationId: ID(1),
    sender: 'buyer',
    kind: 'text',
    body: `Message ${n}`,
    photoUrl: null,
    product: null,
    order: null,
    clientId: null,
    createdAt: `2026-11-27T10:0${n}:00.000Z`,
    readAt: null,
    warnings: [],
    ...over,
  };
}

/** A socket that stays offline; the test delivers server events through `fire`. */
function fakeSocket() {
  const handlers = new Map<string, Array<(payload: unknown) => void>>();
  const emitted: Array<[string, unknown]> = [];
  const socket = {
    connected: true,
    on: (event: string, fn: (payload: unknown) => void) => {
      handlers.set(event, [...(handlers.get(event) ?? []), fn]);
      return socket;
    },
    emit: (event: string, payload: unknown) => {
      emitted.push([event, payload]);
      return socket;
    },
    close: () => socket,
    io: { on: () => undefined },
  };
  return {
    connect: async () => socket as unknown as SellerSocket,
    fire: (event: string, payload: unknown) => {
      for (const fn of handlers.get(event) ?? []) fn(payload);
    },
    emitted,
  };
}

function setup(answer: (call: Call) => Answer | undefined, initial: string | null = null) {
  const fake = fakeApiClient((call) => answer(call) ?? { status: 404, body: { message: 'Not found' } });
  const socket = fakeSocket();
  const api = messagesApi(fake.api, 'seller');
  function Screen() {
    const [selected, setSelected] = useState<string | null>(initial);
    return (
      <SocketConnectorContext.Provider value={socket.connect}>
        <Inbox
          api={api}
          getToken={() => 'token-1'}
          sellerId={ID(99)}
          selectedId={selected}
          onSelect={setSelected}
          emptyHint="No one yet"
        />
      </SocketConnectorContext.Provider>
    );
  }
  renderScreen('/dashboard/messages', '/dashboard/messages', <Screen />);
  return { calls: fake.calls, socket };
}

const page = (conversations: ConversationDetail[]) => ({
  status: 200,
  body: {
    conversations,
    pagination: { currentPage: 1, totalPages: 1, total: conversations.length, hasMore: false },
  },
});

describe('the messages screen', () => {
  it('lists unread conversations first, with a warning on a flagged one', async () => {
    setup((call) =>
      call.path === '/conversations'
        ? page([conversation(1), conversation(2, { unreadCount: 2, flagged: true })])
        : undefined,
    );
    const list = await screen.findByRole('list', { name: 'Conversations' });
    const rows = within(list).getAllByRole('button');
    expect(rows.map((r) => r.getAttribute('aria-label'))).toEqual(['Buyer 2, 2 unread', 'Buyer 1']);
    expect(within(rows[0] as HTMLElement).getByLabelText('Payment warning')).toBeInTheDocument();
  });

  it('opens a thread oldest at the top, marks it read and warns of an off-platform payment request', async () => {
    const { calls } = setup((call) => {
      if (call.path === '/conversations') return page([conversation(1, { unreadCount: 1 })]);
      if (call.path === `/conversations/${ID(1)}`)
        return { status: 200, body: { conversation: conversation(1) } };
      if (call.path === `/conversations/${ID(1)}/messages`)
        return {
          status: 200,
          body: {
            messages: [
              message(2, {
                body: 'Pay to my account 0123456789 GTB',
                warnings: ['bank_account', 'off_platform_request'],
              }),
              message(1, { sender: 'seller', body: 'Welcome!', readAt: '2026-11-27T10:01:30.000Z' }),
            ],
            nextBefore: null,
          },
        };
      if (call.method === 'PUT') return { status: 200, body: { updated: 1, unreadCount: 0 } };
      return undefined;
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Buyer 1, 1 unread' }));
    const thread = await screen.findByRole('region', { name: 'Conversation with Buyer 1' });
    const bubbles = await within(thread).findAllByTestId('message');
    expect(bubbles.map((b) => b.textContent)).toEqual([
      expect.stringContaining('Welcome!'),
      expect.stringContaining('Pay to my account'),
    ]);
    expect(within(bubbles[0] as HTMLElement).getByLabelText('Read')).toBeInTheDocument();
    expect(within(bubbles[1] as HTMLElement).getByRole('note')).toHaveTextContent(
      'This message contains a bank account number. The buyer is asking to pay outside Kasuwa.',
    );
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'PUT' && c.path === `/conversations/${ID(1)}/read`)).toBe(true),
    );
  });

  it('keeps a message that could not be sent, with Retry, and sends it again with the same clientId', async () => {
    let fail = true;
    const { calls } = setup((call) => {
      if (call.path === '/conversations') return page([conversation(1)]);
      if (call.path === `/conversations/${ID(1)}`)
        return { status: 200, body: { conversation: conversation(1) } };
      if (call.path === `/conversations/${ID(1)}/messages` && call.method === 'GET')
        return { status: 200, body: { messages: [], nextBefore: null } };
      if (call.path === `/conversations/${ID(1)}/messages` && call.method === 'POST') {
        if (fail) return 'network-error';
        const body = call.body as { body: string; clientId: string };
        return {
          status: 201,
          body: { message: message(5, { sender: 'seller', body: body.body, clientId: body.clientId }) },
        };
      }
      return undefined;
    }, ID(1));
    const thread = await screen.findByRole('region', { name: 'Conversation with Buyer 1' });
    await userEvent.type(within(thread).getByRole('textbox', { name: 'Message' }), 'Yes, XL is available');
    await userEvent.click(within(thread).getByRole('button', { name: 'Send' }));
    const pending = await within(thread).findByTestId('pending-message');
    expect(within(pending).getByText('Yes, XL is available')).toBeInTheDocument();
    await within(pending).findByText('Not sent.');
    fail = false;
    await userEvent.click(within(pending).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(within(thread).queryByTestId('pending-message')).toBeNull());
    expect(within(thread).getByTestId('message')).toHaveTextContent('Yes, XL is available');
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(2);
    const ids = posts.map((c) => (c.body as { clientId: string }).clientId);
    expect(ids[0]).toBe(ids[1]);
  });

  it('inserts a quick reply with one tap', async () => {
    setup((call) => {
      if (call.path === '/conversations') return page([conversation(1)]);
      if (call.path === `/conversations/${ID(1)}`)
        return { status: 200, body: { conversation: conversation(1) } };
      if (call.path === `/conversations/${ID(1)}/messages`)
        return { status: 200, body: { messages: [], nextBefore: null } };
      if (call.path === '/quick-replies')
        return {
          status: 200,
          body: {
            quickReplies: [
              {
                _id: ID(50),
                title: 'Delivery',
                body: 'Lagos: 1-2 days.',
                createdAt: '2026-11-01T00:00:00.000Z',
              },
            ],
          },
        };
      return undefined;
    }, ID(1));
    const thread = await screen.findByRole('region', { name: 'Conversation with Buyer 1' });
    await userEvent.click(within(thread).getByRole('button', { name: 'Quick replies' }));
    const dialog = await screen.findByRole('dialog', { name: 'Quick replies' });
    await userEvent.click(await within(dialog).findByRole('button', { name: /^Delivery/ }));
    expect(within(thread).getByRole('textbox', { name: 'Message' })).toHaveValue('Lagos: 1-2 days.');
  });

  it('shows a buyer’s new message, typing and the badge as the socket tells them', async () => {
    const { socket } = setup((call) => {
      if (call.path === '/conversations') return page([conversation(1)]);
      if (call.path === `/conversations/${ID(1)}`)
        return { status: 200, body: { conversation: conversation(1) } };
      if (call.path === `/conversations/${ID(1)}/messages`)
        return { status: 200, body: { messages: [], nextBefore: null } };
      if (call.method === 'PUT') return { status: 200, body: { updated: 1, unreadCount: 0 } };
      return undefined;
    }, ID(1));
    const thread = await screen.findByRole('region', { name: 'Conversation with Buyer 1' });
    await within(thread).findByText(/No messages yet/);
    act(() => socket.fire('conversation_typing', { conversationId: ID(1), from: 'buyer' }));
    expect(await within(thread).findByText('Buyer 1 is typing…')).toBeInTheDocument();
    act(() =>
      socket.fire('conversation_message', {
        conversation: conversation(1, { unreadCount: 1 }),
        message: message(3, { body: 'Just arrived live' }),
      }),
    );
    expect(await within(thread).findByText('Just arrived live')).toBeInTheDocument();
    expect(within(thread).queryByText('Buyer 1 is typing…')).toBeNull();
    await userEvent.type(within(thread).getByRole('textbox', { name: 'Message' }), 'O');
    expect(socket.emitted).toEqual([['conversation_typing', { conversationId: ID(1) }]]);
  });
});
