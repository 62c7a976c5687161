import {
  type CreateGiveawayBody,
  giveawaySocketEvents,
  type ShowGiveawaysResponse,
  type TrayResponse,
} from '@kasuwa/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/app/providers';
import { StudioGiveaways } from '@/features/live/studio/studio-giveaways';
import { FakeLiveSocket } from '@/test/fake-live-socket';
import { GIVEAWAY_ID, GOWN_ID, testGiveaway } from '@/test/giveaway-fixtures';
import { fakeApiClient } from '@/test/in-memory-api';
import { STREAM_ID } from '@/test/live-fixtures';

const NOW = Date.parse('2026-03-01T18:00:00.000Z');
const tray: TrayResponse = {
  pinnedProductId: null,
  products: [
    {
      productId: GOWN_ID,
      name: 'Ankara gown',
      image: null,
      price: 15000,
      maxPrice: 15000,
      stock: 3,
      buyNow: true,
      options: [],
      combinations: [],
      sellerId: 'seller-1',
    },
  ],
};

function renderPanel(giveaways: ShowGiveawaysResponse['giveaways'], live = true) {
  const running = testGiveaway({
    status: 'running',
    startedAt: new Date(NOW).toISOString(),
    endsAt: new Date(NOW + 300_000).toISOString(),
    record: {
      seedHash: 'a'.repeat(64),
      seed: null,
      entrantsHash: null,
      entrantsCount: 0,
      winnerIndex: null,
      drawnAt: null,
    },
  });
  const { api, calls } = fakeApiClient((call) => {
    if (call.method === 'GET' && call.path === `/streams/${STREAM_ID}/giveaways`)
      return { status: 200, body: { giveaways } satisfies ShowGiveawaysResponse };
    if (call.method === 'GET' && call.path === `/streams/${STREAM_ID}/tray`)
      return { status: 200, body: tray };
    if (call.method === 'POST' && call.path === `/streams/${STREAM_ID}/giveaways`) {
      const body = call.body as CreateGiveawayBody;
      return {
        status: 200,
        body: { message: 'Giveaway added', giveaway: testGiveaway({ ...body, id: 'new-one', variant: [] }) },
      };
    }
    if (call.method === 'POST' && call.path === `/giveaways/${GIVEAWAY_ID}/start`)
      return { status: 200, body: { message: 'Giveaway started', giveaway: running } };
    return { status: 404, body: { message: 'Not found' } };
  });
  const socket = new FakeLiveSocket();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <StudioGiveaways api={api} streamId={STREAM_ID} socket={socket} live={live} now={NOW} />
    </QueryClientProvider>,
  );
  return { calls, socket, running };
}

describe('the studio’s giveaways', () => {
  it('adds a giveaway item with its rules: 5 minutes and everyone unless changed', async () => {
    const { calls } = renderPanel([]);
    await userEvent.click(screen.getByRole('button', { name: 'Giveaways' }));
    const dialog = await screen.findByRole('dialog', { name: 'Giveaways' });
    expect(await within(dialog).findByText('No giveaway items yet. Add one below.')).toBeVisible();
    const form = await within(dialog).findByRole('form', { name: 'Add a giveaway' });
    expect(within(form).getByLabelText('Duration')).toHaveValue('300');
    await userEvent.selectOptions(within(form).getByLabelText('Quantity'), '2');
    await userEvent.selectOptions(within(form).getByLabelText('Who can enter'), 'followers');
    await userEvent.selectOptions(within(form).getByLabelText('Delivery'), 'free');
    await userEvent.click(within(form).getByRole('button', { name: 'Add giveaway' }));
    const posted = calls.find((c) => c.method === 'POST');
    expect(posted?.body).toEqual({
      productId: GOWN_ID,
      variant: [],
      quantity: 2,
      audience: 'followers',
      durationSeconds: 300,
      delivery: 'free',
    });
    expect(await within(dialog).findByText('2 × Ankara gown')).toBeVisible();
  });

  it('starts an item, counts entrants live, and shows the winner the server drew', async () => {
    const { socket, running } = renderPanel([testGiveaway()]);
    await userEvent.click(screen.getByRole('button', { name: 'Giveaways' }));
    const dialog = await screen.findByRole('dialog', { name: 'Giveaways' });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Start giveaway' }));
    const card = await within(dialog).findByRole('region', { name: 'Running giveaway' });
    expect(within(card).getByRole('timer', { name: 'Time left' })).toHaveTextContent('5:00');
    expect(within(card).getByText('0 entered')).toBeVisible();
    // The button under the camera shows the countdown too.
    expect(
      screen.getByRole('button', { name: 'Giveaway running, 5:00 left', hidden: true }),
    ).toBeInTheDocument();

    act(() =>
      socket.serverSends(giveawaySocketEvents.entries, {
        streamId: STREAM_ID,
        giveawayId: GIVEAWAY_ID,
        entrantsCount: 3,
        timestamp: NOW,
      }),
    );
    expect(await within(card).findByText('3 entered')).toBeVisible();

    act(() =>
      socket.serverSends(giveawaySocketEvents.drawn, {
        streamId: STREAM_ID,
        timestamp: NOW,
        giveaway: { ...running, status: 'drawn', entrantsCount: 3, winner: { _id: 'b1', name: 'Ada' } },
      }),
    );
    const drawn = await within(dialog).findByRole('region', { name: 'Drawn giveaways' });
    expect(drawn).toHaveTextContent('Ada won Ankara gown (3 entered)');
    expect(within(dialog).queryByRole('region', { name: 'Running giveaway' })).not.toBeInTheDocument();
  });

  it('cannot start a giveaway before the show is live', async () => {
    renderPanel([testGiveaway()], false);
    await userEvent.click(screen.getByRole('button', { name: 'Giveaways' }));
    const dialog = await screen.findByRole('dialog', { name: 'Giveaways' });
    expect(await within(dialog).findByRole('button', { name: 'Start giveaway' })).toBeDisabled();
    expect(within(dialog).getByText('Go live to start a giveaway.')).toBeVisible();
  });
});
