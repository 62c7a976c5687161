import {
  MODERATION_MESSAGES,
  moderationSocketEvents,
  type RoomStateResponse,
  type StreamComment,
  streamSocketEvents,
} from '@kasuwa/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { Toaster } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/app/providers';
import type { VideoProviderClient } from '@/features/live-room/video/video-provider';
import { BUYER_SESSION_KEY, type BuyerSession } from '@/features/watch/buyer-session';
import { WatchPage } from '@/features/watch/watch-page';
import { createApiClient } from '@/lib/api-client';
import { type FakeAnswer, fakeFetch } from '@/test/fake-api';
import { FakeLiveSocket } from '@/test/fake-live-socket';
import { STREAM_ID, testStream } from '@/test/live-fixtures';

/* Issue 21 on the watch page: a moderator's menu, the pinned comment, slow mode and a mute. */

const ADA = '0d7f7a52-2b0e-4d4b-9a55-0c2f0f1f5a01';
const me: BuyerSession = {
  buyer: { _id: 'a1e0b1b6-7a44-4c0b-8f2a-0b6a8f1c2d03', name: 'Chioma' },
  token: 'buyer-token',
};
const auction = { statuses: {}, activate() {}, timer() {}, signal() {}, winner() {}, hydrate() {} };

function renderWatch(
  room: Partial<RoomStateResponse> = {},
  readRoom?: () => FakeAnswer | Promise<FakeAnswer>,
) {
  localStorage.setItem(BUYER_SESSION_KEY, JSON.stringify(me));
  const socket = new FakeLiveSocket();
  const answer: RoomStateResponse = {
    slowModeSeconds: 0,
    pinnedComment: null,
    you: { moderator: false, muted: false },
    ...room,
  };
  const { fetch, calls } = fakeFetch({
    [`GET /streams/${STREAM_ID}`]: { body: { stream: testStream({ status: 'live' }) } },
    [`GET /streams/${STREAM_ID}/room`]: readRoom ?? { body: answer },
  });
  const api = createApiClient({ fetch, getToken: () => me.token });
  const provider: VideoProviderClient = {
    name: 'local',
    publish: vi.fn(),
    watch: vi.fn(async () => ({ stop: vi.fn() })),
  };
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <WatchPage
          streamId={STREAM_ID}
          auction={auction}
          api={api}
          connect={async () => socket}
          loadProvider={async () => provider}
        />
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
  act(() => void socket.connect());
  return { socket, calls };
}

/** Ada comments, once the page's socket is open and listening. */
const adaSays = async (socket: FakeLiveSocket, id: string, content: string) => {
  await screen.findByText('LIVE');
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  act(() =>
    socket.serverSends(streamSocketEvents.notification, {
      type: 'stream_comment',
      timestamp: Date.now(),
      content,
      data: { streamId: STREAM_ID, comment: { _id: id, author: { _id: ADA, name: 'Ada', role: 'buyer' } } },
    }),
  );
};

describe('Watch page: moderation', () => {
  it('gives a moderator a menu to remove, mute and pin; a removed comment disappears', async () => {
    const user = userEvent.setup();
    const { socket } = renderWatch({ you: { moderator: true, muted: false } });
    await screen.findByRole('list', { name: 'Comments' }).catch(() => null);
    await adaSays(socket, 'c1', 'Buy followers at spam.example');
    const list = await screen.findByRole('list', { name: 'Comments' });

    await user.click(await within(list).findByRole('button', { name: 'Moderate Ada’s comment' }));
    const menu = screen.getByRole('menu', { name: 'Moderate Ada’s comment' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Pin comment', 'Remove comment', 'Mute Ada for this show']);
    await user.click(within(menu).getByRole('menuitem', { name: 'Remove comment' }));
    expect(socket.eventsNamed(moderationSocketEvents.moderate)).toEqual([
      { action: 'remove', streamId: STREAM_ID, commentId: 'c1' },
    ]);
    expect(await screen.findByText('Comment removed')).toBeVisible();
    act(() =>
      socket.serverSends(moderationSocketEvents.commentRemoved, { streamId: STREAM_ID, commentId: 'c1' }),
    );
    expect(screen.queryByText('Buy followers at spam.example')).toBeNull();
    expect(screen.getByText('No comments yet. Say hello!')).toBeVisible();
  });

  it('lets a moderator pin a comment, which shows on top with Unpin', async () => {
    const user = userEvent.setup();
    const { socket } = renderWatch({ you: { moderator: true, muted: false } });
    await adaSays(socket, 'c2', 'Is delivery to Ibadan free?');
    const list = await screen.findByRole('list', { name: 'Comments' });
    await user.click(await within(list).findByRole('button', { name: 'Moderate Ada’s comment' }));
    await user.click(screen.getByRole('menuitem', { name: 'Pin comment' }));
    expect(socket.eventsNamed(moderationSocketEvents.moderate).at(-1)).toEqual({
      action: 'pin',
      streamId: STREAM_ID,
      commentId: 'c2',
    });
    const pinned: StreamComment = {
      _id: 'c2',
      kind: 'comment',
      author: { _id: ADA, name: 'Ada', role: 'buyer' },
      content: 'Is delivery to Ibadan free?',
      createdAt: new Date().toISOString(),
    };
    act(() =>
      socket.serverSends(moderationSocketEvents.commentPinned, { streamId: STREAM_ID, comment: pinned }),
    );
    const banner = await screen.findByRole('region', { name: 'Pinned comment' });
    expect(within(banner).getByText('Is delivery to Ibadan free?')).toBeVisible();
    await user.click(within(banner).getByRole('button', { name: 'Unpin comment' }));
    expect(socket.eventsNamed(moderationSocketEvents.moderate).at(-1)).toEqual({
      action: 'unpin',
      streamId: STREAM_ID,
    });
  });

  it('shows why the server refused a moderator’s action', async () => {
    const user = userEvent.setup();
    const { socket } = renderWatch({ you: { moderator: true, muted: false } });
    await adaSays(socket, 'c3', 'Hello');
    const list = await screen.findByRole('list', { name: 'Comments' });
    socket.answerAcks = () => ({ ok: false, message: 'This show has ended' });
    await user.click(within(list).getByRole('button', { name: 'Moderate Ada’s comment' }));
    await user.click(screen.getByRole('menuitem', { name: 'Mute Ada for this show' }));
    expect(await screen.findByText('This show has ended')).toBeVisible();
  });

  it('gives a buyer who is not a moderator no menu, and shows them the pinned comment without Unpin', async () => {
    const pinned: StreamComment = {
      _id: 'c9',
      kind: 'comment',
      author: { _id: ADA, name: 'Ada', role: 'buyer' },
      content: 'Pinned question',
      createdAt: new Date().toISOString(),
    };
    const { socket } = renderWatch({ pinnedComment: pinned });
    const banner = await screen.findByRole('region', { name: 'Pinned comment' });
    expect(within(banner).queryByRole('button', { name: 'Unpin comment' })).toBeNull();
    await adaSays(socket, 'c1', 'Hello');
    const list = await screen.findByRole('list', { name: 'Comments' });
    expect(within(list).getByText('Hello')).toBeVisible();
    expect(within(list).queryByRole('button', { name: /Moderate/ })).toBeNull();
    // Removed by someone else: gone here too.
    act(() =>
      socket.serverSends(moderationSocketEvents.commentRemoved, { streamId: STREAM_ID, commentId: 'c1' }),
    );
    await waitFor(() => expect(screen.queryByText('Hello')).toBeNull());
  });

  it('shows slow mode and counts the Send button down after a comment; slow mode changes live', async () => {
    const user = userEvent.setup();
    const { socket } = renderWatch({ slowModeSeconds: 10 });
    expect(await screen.findByText('Slow mode: one comment every 10 s')).toBeVisible();
    const box = screen.getByRole('textbox', { name: 'Comment' });
    await user.type(box, 'First{Enter}');
    await waitFor(() => expect(box).toHaveProperty('value', ''));
    const counting = await screen.findByRole('button', { name: /^Send in (10|9) seconds$/ });
    expect(counting).toHaveProperty('disabled', true);
    expect(counting.textContent).toMatch(/^(10|9)s$/);

    // Slow mode turned off live, then on again with a refusal from the server (another tab sent).
    act(() => socket.serverSends(moderationSocketEvents.slowMode, { streamId: STREAM_ID, seconds: 0 }));
    await waitFor(() => expect(screen.queryByText(/Slow mode:/)).toBeNull());
    expect(await screen.findByRole('button', { name: 'Send' })).toBeVisible();
  });

  it('keeps slow mode turned on while the room was still being read (that read answers the room before)', async () => {
    let slowModeSeconds = 0;
    const waiting: (() => void)[] = [];
    // Each read of the room takes the state as it is when asked, and answers when let go.
    const { socket } = renderWatch({}, () => {
      const state = { slowModeSeconds, pinnedComment: null, you: { moderator: false, muted: false } };
      return new Promise<FakeAnswer>((resolve) => waiting.push(() => resolve({ body: state })));
    });
    await screen.findByText('LIVE');
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(waiting.length).toBeGreaterThan(0);
    // The seller turns slow mode on: the server keeps it, then tells the room.
    slowModeSeconds = 60;
    act(() => socket.serverSends(moderationSocketEvents.slowMode, { streamId: STREAM_ID, seconds: 60 }));
    // The reads answer, those asked before the change with the room as it was.
    await waitFor(() => {
      act(() => {
        for (const answer of waiting.splice(0)) answer();
      });
      expect(screen.getByText('Slow mode: one comment every 60 s')).toBeVisible();
    });
  });

  it('counts down the wait a slow-mode refusal names (a comment sent from another tab)', async () => {
    const user = userEvent.setup();
    const { socket } = renderWatch({ slowModeSeconds: 30 });
    socket.answerAcks = () => ({ ok: false, message: MODERATION_MESSAGES.slowMode(7) });
    const box = await screen.findByRole('textbox', { name: 'Comment' });
    await user.type(box, 'Second{Enter}');
    expect(await screen.findByText(MODERATION_MESSAGES.slowMode(7))).toBeVisible();
    expect(await screen.findByRole('button', { name: /^Send in (7|6) seconds$/ })).toBeVisible();
    expect(box).toHaveProperty('value', 'Second');
  });

  it('tells a muted buyer why they cannot comment, live', async () => {
    const { socket } = renderWatch();
    expect(await screen.findByRole('textbox', { name: 'Comment' })).toBeVisible();
    act(() => socket.serverSends(moderationSocketEvents.muted, { streamId: STREAM_ID, muted: true }));
    expect(await screen.findByText(MODERATION_MESSAGES.muted)).toBeVisible();
    expect(screen.queryByRole('textbox', { name: 'Comment' })).toBeNull();
    act(() => socket.serverSends(moderationSocketEvents.muted, { streamId: STREAM_ID, muted: false }));
    expect(await screen.findByRole('textbox', { name: 'Comment' })).toBeVisible();
  });
});
