import { createHash, createHmac } from 'node:crypto';
import type { SellerGiveaway, SellerGiveawaysResponse } from '@kasuwa/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { GiveawaysPage } from '@/features/giveaways/giveaways-page';
import { testGiveaway } from '@/test/giveaway-fixtures';
import { fakeApiClient } from '@/test/in-memory-api';
import { renderRoutes } from '@/test/render-screen';

const PAGE = '/dashboard/live-streams/live-giveaways';

function seller(over: Partial<SellerGiveaway>): SellerGiveaway {
  return {
    ...testGiveaway(),
    streamTitle: 'Friday Ankara night',
    streamStatus: 'ended',
    streamScheduledAt: '2026-03-01T18:00:00.000Z',
    orderId: null,
    createdAt: '2026-03-01T17:00:00.000Z',
    ...over,
  };
}

/** A real record: the seed, its hash, and the index the server's rule gives. */
function record(entrantsCount: number, tamper = false) {
  const seed = 'c4'.repeat(32);
  const entrantsHash = createHash('sha256').update('a\nb\nc').digest('hex');
  const mac = createHmac('sha256', Buffer.from(seed, 'hex')).update(entrantsHash).digest('hex');
  const winnerIndex = Number(BigInt(`0x${mac}`) % BigInt(entrantsCount));
  return {
    seedHash: createHash('sha256').update(Buffer.from(seed, 'hex')).digest('hex'),
    seed,
    entrantsHash,
    entrantsCount,
    winnerIndex: tamper ? (winnerIndex + 1) % entrantsCount : winnerIndex,
    drawnAt: '2026-03-01T18:20:00.000Z',
  };
}

function open(answer: { status: number; body: unknown }) {
  const { api } = fakeApiClient((call) =>
    call.method === 'GET' && call.path === '/giveaways'
      ? answer
      : { status: 404, body: { message: 'Not found' } },
  );
  return renderRoutes(PAGE, [{ path: PAGE, element: <GiveawaysPage api={api} sellerId="seller-1" /> }]);
}

describe('the Live Giveaways screen', () => {
  it('says how to run a first giveaway when there is none', async () => {
    open({ status: 200, body: { giveaways: [] } satisfies SellerGiveawaysResponse });
    expect(await screen.findByRole('heading', { name: 'No giveaways yet' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Your scheduled shows' })).toHaveAttribute(
      'href',
      '/dashboard/live-streams/scheduled-shows',
    );
  });

  it('lists scheduled and past giveaways with show, entrants, winner and order; the draw checks out', async () => {
    const body: SellerGiveawaysResponse = {
      giveaways: [
        seller({ id: 'g1', streamStatus: 'scheduled', streamTitle: 'Next Friday', streamId: 'show-2' }),
        seller({
          id: 'g2',
          status: 'drawn',
          productName: 'Gele headtie',
          entrantsCount: 3,
          winner: { _id: 'b', name: 'Chiamaka' },
          orderId: 'order-9',
          startedAt: '2026-03-01T18:15:00.000Z',
          record: record(3),
        }),
        seller({
          id: 'g3',
          status: 'drawn',
          productName: 'Tampered',
          entrantsCount: 3,
          winner: { _id: 'c', name: 'X' },
          record: record(3, true),
        }),
      ],
    };
    open({ status: 200, body });
    const upcoming = await screen.findByRole('region', { name: 'Scheduled and running' });
    expect(within(upcoming).getByText('Scheduled')).toBeVisible();
    expect(within(upcoming).getByRole('link', { name: 'Open studio' })).toHaveAttribute(
      'href',
      '/dashboard/live-streams/live-stream-studio/show-2',
    );
    const past = screen.getByRole('region', { name: 'Past giveaways' });
    const cards = within(past).getAllByRole('listitem');
    const gele = cards[0];
    if (!gele) throw new Error('no card');
    expect(within(gele).getByText('Gele headtie')).toBeVisible();
    expect(within(gele).getByText('Chiamaka')).toBeVisible();
    expect(within(gele).getByText('Winner drawn')).toBeVisible();
    expect(within(gele).getByRole('link', { name: 'View order' })).toHaveAttribute(
      'href',
      '/dashboard/order/order-9',
    );
    await userEvent.click(within(gele).getByText('Fairness record'));
    await userEvent.click(within(gele).getByRole('button', { name: 'Check the draw' }));
    expect(await within(gele).findByRole('status')).toHaveTextContent('The draw checks out');

    const tampered = cards[1];
    if (!tampered) throw new Error('no card');
    await userEvent.click(within(tampered).getByText('Fairness record'));
    await userEvent.click(within(tampered).getByRole('button', { name: 'Check the draw' }));
    expect(await within(tampered).findByRole('status')).toHaveTextContent('The record does not match');
  });

  it('offers to try again when the list cannot be loaded', async () => {
    open({ status: 500, body: { message: 'Server error' } });
    expect(await screen.findByText('Your giveaways could not be loaded.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
  });
});
