import {
  moderationSocketEvents,
  type RoomStateResponse,
  type ShowModerationResponse,
  type StoreModerationResponse,
  streamSocketEvents,
} from '@kasuwa/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { cohostApi } from '@/features/live/studio/cohost-studio-page';
import { liveStream, renderStudio } from '@/features/live/studio/studio-testing';
import { createApiClient } from '@/lib/api-client';
import { fakeFetch, type RecordedCall } from '@/test/fake-api';
import { nextFrame } from '@/test/fake-live-socket';
import { STREAM_ID } from '@/test/live-fixtures';

/* Issue 21 in the studio: the seller's menu on comments and the Room tab. */

const ADA = '0d7f7a52-2b0e-4d4b-9a55-0c2f0f1f5a01';

function renderRoom() {
  let store: StoreModerationResponse = { moderators: [], mutedWords: ['scam'] };
  const show: ShowModerationResponse = { slowModeSeconds: 0, cohost: null, muted: [] };
  const room: RoomStateResponse = { slowModeSeconds: 0, pinnedComment: null, you: null };
  const view = renderStudio({
    stream: liveStream(),
    handlers: {
      'GET /live/moderation': () => ({ body: store }),
      [`GET /streams/${STREAM_ID}/moderation`]: { body: show },
      [`GET /streams/${STREAM_ID}/room`]: { body: room },
      'POST /live/moderators': (call: RecordedCall) => {
        store = {
          ...store,
          moderators: [
            {
              buyerId: (call.body as { buyerId: string }).buyerId,
              name: 'Ada',
              addedAt: '2026-11-28T08:00:00.000Z',
            },
          ],
        };
        return { body: { message: 'Ada is now a moderator', moderators: store.moderators } };
      },
      [`DELETE /live/moderators/${ADA}`]: () => {
        store = { ...store, moderators: [] };
        return { body: { message: 'Moderator removed', moderators: [] } };
      },
      [`PUT /streams/${STREAM_ID}/slow-mode`]: (call: RecordedCall) => ({
        body: {
          message: 'Slow mode: one comment per 30 s',
          slowModeSeconds: (call.body as { seconds: number }).seconds,
        },
      }),
      [`PUT /streams/${STREAM_ID}/cohost`]: {
        body: {
          message: 'Bola Stores can now run the product rail',
          cohost: { sellerId: 's2', storeName: 'Bola Stores', email: 'bola@example.ng' },
        },
      },
      'PUT /live/muted-words': (call: RecordedCall) => ({
        body: { message: 'Muted words saved', mutedWords: (call.body as { words: string[] }).words },
      }),
    },
  });
  view.connect();
  return view;
}

describe('Studio: moderation', () => {
  it('removes, pins and mutes from a comment’s menu, and names its author a moderator', async () => {
    const user = userEvent.setup();
    const { socket, calls } = renderRoom();
    await user.click(await screen.findByRole('tab', { name: /Chat/ }));
    act(() =>
      socket.serverSends(streamSocketEvents.notification, {
        type: 'stream_comment',
        timestamp: Date.now(),
        content: 'Spam link here',
        data: {
          streamId: STREAM_ID,
          comment: { _id: 'c1', author: { _id: ADA, name: 'Ada', role: 'buyer' } },
        },
      }),
    );
    await nextFrame();
    const list = screen.getByRole('list', { name: 'Comments' });
    await user.click(within(list).getByRole('button', { name: 'Moderate Ada’s comment' }));
    expect(screen.getAllByRole('menuitem').map((i) => i.textContent)).toEqual([
      'Pin comment',
      'Remove comment',
      'Make Ada a moderator',
      'Mute Ada for this show',
    ]);
    await user.click(screen.getByRole('menuitem', { name: 'Make Ada a moderator' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.path === '/live/moderators')).toBe(true),
    );
    expect(calls.find((c) => c.path === '/live/moderators')?.body).toEqual({ buyerId: ADA });
    expect(await screen.findByText('Ada is now a moderator')).toBeVisible();

    await user.click(within(list).getByRole('button', { name: 'Moderate Ada’s comment' }));
    expect(screen.getByRole('menuitem', { name: 'Remove Ada as moderator' })).toBeVisible();
    await user.click(screen.getByRole('menuitem', { name: 'Remove comment' }));
    expect(socket.eventsNamed(moderationSocketEvents.moderate)).toEqual([
      { action: 'remove', streamId: STREAM_ID, commentId: 'c1' },
    ]);
    act(() =>
      socket.serverSends(moderationSocketEvents.commentRemoved, { streamId: STREAM_ID, commentId: 'c1' }),
    );
    await waitFor(() => expect(screen.queryByText('Spam link here')).toBeNull());
  });

  it('sets slow mode, invites a co-host and saves muted words in the Room tab', async () => {
    const user = userEvent.setup();
    const { calls } = renderRoom();
    await user.click(await screen.findByRole('tab', { name: 'Room' }));
    const panel = screen.getByRole('tabpanel');
    await user.selectOptions(
      await within(panel).findByRole('combobox', { name: 'One comment per viewer every' }),
      '30',
    );
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT' && c.path.endsWith('/slow-mode'))?.body).toEqual({
        seconds: 30,
      }),
    );
    expect(await screen.findByText('Slow mode: one comment per 30 s')).toBeVisible();
    expect(within(panel).getByRole('combobox', { name: 'One comment per viewer every' })).toHaveProperty(
      'value',
      '30',
    );

    await user.type(
      within(panel).getByRole('textbox', { name: 'Co-host’s seller e-mail' }),
      'bola@example.ng',
    );
    await user.click(within(panel).getByRole('button', { name: 'Invite' }));
    expect(await within(panel).findByText('Bola Stores')).toBeVisible();
    expect(calls.find((c) => c.method === 'PUT' && c.path.endsWith('/cohost'))?.body).toEqual({
      email: 'bola@example.ng',
    });

    expect(within(panel).getByText('No moderators yet.')).toBeVisible();
    expect(within(panel).getByText('scam')).toBeVisible();
    await user.type(within(panel).getByRole('textbox', { name: 'Words and phrases' }), 'whatsapp me{Enter}');
    await user.click(within(panel).getByRole('button', { name: 'Save muted words' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/live/muted-words')?.body).toEqual({
        words: ['scam', 'whatsapp me'],
      }),
    );
  });
});

describe('cohostApi', () => {
  it('sends the rail’s writes to the co-host routes and leaves everything else alone', async () => {
    const { fetch, calls } = fakeFetch({}, { contractBodies: false });
    const api = cohostApi(createApiClient({ fetch }));
    await Promise.allSettled([
      api.post(`/streams/${STREAM_ID}/activate-product-bidding`, { productId: 'p' }),
      api.post(`/streams/${STREAM_ID}/pin`, { productId: null }),
      api.post(`/streams/${STREAM_ID}/end`),
      api.get(`/streams/${STREAM_ID}/tray`),
    ]);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      `POST /streams/${STREAM_ID}/cohost/activate-product-bidding`,
      `POST /streams/${STREAM_ID}/cohost/pin`,
      `POST /streams/${STREAM_ID}/end`,
      `GET /streams/${STREAM_ID}/tray`,
    ]);
  });
});
