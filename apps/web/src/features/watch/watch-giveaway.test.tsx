import { giveawaySocketEvents, type ShowGiveawaysResponse } from '@kasuwa/contracts';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { WatchGiveaway } from '@/features/watch/watch-giveaway';
import { FakeLiveSocket } from '@/test/fake-live-socket';
import { GIVEAWAY_ID, testGiveaway } from '@/test/giveaway-fixtures';
import { fakeApiClient } from '@/test/in-memory-api';
import { STREAM_ID } from '@/test/live-fixtures';
import { renderRoutes } from '@/test/render-screen';

const NOW = Date.parse('2026-03-01T18:00:00.000Z');
const ME = 'buyer-me';
const running = testGiveaway({
  status: 'running',
  startedAt: new Date(NOW - 60_000).toISOString(),
  endsAt: new Date(NOW + 90_000).toISOString(),
  entrantsCount: 4,
  record: {
    seedHash: 'a'.repeat(64),
    seed: null,
    entrantsHash: null,
    entrantsCount: 4,
    winnerIndex: null,
    drawnAt: null,
  },
});

function renderWatch(buyerId: string | null, enterAnswer = { status: 200, body: {} as unknown }) {
  let won = false;
  const { api, calls } = fakeApiClient((call) => {
    if (call.method === 'GET' && call.path === `/streams/${STREAM_ID}/giveaways`)
      return { status: 200, body: { giveaways: [running] } satisfies ShowGiveawaysResponse };
    if (call.method === 'GET' && call.path === `/giveaways/${GIVEAWAY_ID}/entry`)
      return {
        status: 200,
        body: { entered: false, won, orderId: won ? 'order-1' : null, entrantsCount: 4 },
      };
    if (call.method === 'POST' && call.path === `/giveaways/${GIVEAWAY_ID}/entries`) return enterAnswer;
    return { status: 404, body: { message: 'Not found' } };
  });
  const socket = new FakeLiveSocket();
  const askToLogIn = vi.fn();
  renderRoutes('/watch/x', [
    {
      path: '/watch/x',
      element: (
        <WatchGiveaway
          api={api}
          streamId={STREAM_ID}
          socket={socket}
          buyerId={buyerId}
          askToLogIn={askToLogIn}
          now={NOW}
        />
      ),
    },
  ]);
  return { calls, socket, askToLogIn, win: () => (won = true) };
}

describe('the giveaway on the watch page', () => {
  it('shows the running giveaway, its countdown and entrants; a visitor is asked to log in to enter', async () => {
    const { askToLogIn } = renderWatch(null);
    const card = await screen.findByRole('region', { name: 'Giveaway' });
    expect(within(card).getByText('Ankara gown')).toBeVisible();
    expect(within(card).getByRole('timer', { name: 'Time left' })).toHaveTextContent('1:30');
    expect(within(card).getByText('4 entered')).toBeVisible();
    await userEvent.click(within(card).getByRole('button', { name: 'Enter giveaway' }));
    expect(askToLogIn).toHaveBeenCalledWith('Log in or sign up to enter the giveaway.');
  });

  it('enters once, counts new entrants live, and tells the winner “You won” with a link to their order', async () => {
    const { calls, socket, win } = renderWatch(ME, {
      status: 200,
      body: { message: 'You’re in! Good luck', entered: true, won: false, orderId: null, entrantsCount: 5 },
    });
    const card = await screen.findByRole('region', { name: 'Giveaway' });
    await userEvent.click(within(card).getByRole('button', { name: 'Enter giveaway' }));
    expect(
      await within(card).findByText('You’re in! The winner is drawn when the time is up.'),
    ).toBeVisible();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);

    act(() =>
      socket.serverSends(giveawaySocketEvents.entries, {
        streamId: STREAM_ID,
        giveawayId: GIVEAWAY_ID,
        entrantsCount: 9,
        timestamp: NOW,
      }),
    );
    expect(await within(card).findByText('9 entered')).toBeVisible();

    win();
    act(() =>
      socket.serverSends(giveawaySocketEvents.drawn, {
        streamId: STREAM_ID,
        timestamp: NOW,
        giveaway: { ...running, status: 'drawn', entrantsCount: 9, winner: { _id: ME, name: 'Ada' } },
      }),
    );
    const result = await screen.findByRole('region', { name: 'Giveaway result' });
    expect(within(result).getByText('You won!')).toBeVisible();
    expect(await within(result).findByRole('link', { name: 'View your order' })).toHaveAttribute(
      'href',
      '/my-orders/order-1',
    );
  });

  it('tells everyone else who won, and shows why an entry was refused', async () => {
    const { socket } = renderWatch('someone-else', {
      status: 403,
      body: { message: 'Only followers of this store can enter this giveaway. Follow the store to enter.' },
    });
    const card = await screen.findByRole('region', { name: 'Giveaway' });
    await userEvent.click(within(card).getByRole('button', { name: 'Enter giveaway' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent('Only followers of this store');
    act(() =>
      socket.serverSends(giveawaySocketEvents.drawn, {
        streamId: STREAM_ID,
        timestamp: NOW,
        giveaway: { ...running, status: 'drawn', winner: { _id: ME, name: 'Ada' } },
      }),
    );
    const result = await screen.findByRole('region', { name: 'Giveaway result' });
    expect(within(result).getByText('Ada won the giveaway')).toBeVisible();
    expect(within(result).queryByRole('link')).not.toBeInTheDocument();
  });
});
