import type { ShowSummary, StreamReplayResponse } from '@kasuwa/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { paths } from '@/app/paths';
import { readLiveDraft } from '@/features/live/live-draft';
import { PastShowPage } from '@/features/live/replay/past-show-page';
import { memoryRecordingStore } from '@/features/live/replay/recording-store';
import { liveApi, SELLER_ID, testProduct, testStream } from '@/features/live/testing';
import { renderRoutes } from '@/test/render-screen';

const PRODUCT_ID = testProduct()._id;
const show = testStream({
  title: 'Friday phones',
  type: 'live_auction',
  status: 'ended',
  scheduledStartTime: '2026-03-06T18:00:00.000Z',
  actualStartTime: '2026-03-06T18:12:00.000Z',
  endedAt: '2026-03-06T18:56:31.000Z',
  tags: ['phones'],
  products: [
    {
      streamProductId: '9c0f0000-0000-4000-8000-000000000001',
      variant: [],
      product: { productId: PRODUCT_ID, name: 'Tecno Spark 20', price: 150000, image: null },
      bidStatus: 'ended',
      auctionSettings: {
        startingBid: 100000,
        durationSeconds: 45,
        counterBidSeconds: 10,
        suddenDeath: false,
        reservePrice: null,
      },
      currentBid: 150000,
      currentBidder: null,
      minimumNextBid: null,
      bidsCount: 4,
      endsAt: null,
      outcome: 'sold',
    },
  ],
});

const summary: ShowSummary = {
  sales: 150000,
  orders: 1,
  buyers: 1,
  bids: 4,
  peakViewers: 87,
  viewerCount: 0,
  giveaways: null,
  newFollowers: 6,
  durationMinutes: 45,
};
const replay: StreamReplayResponse = {
  replay: {
    status: 'ready',
    source: 'browser',
    url: `/api/media/replays/${show._id}.webm`,
    mimeType: 'video/webm',
    durationSeconds: 2671,
  },
  moments: [
    {
      streamProductId: '9c0f0000-0000-4000-8000-000000000001',
      productName: 'Tecno Spark 20',
      image: null,
      amount: 150000,
      atSeconds: 83,
    },
  ],
};

function open(answers: { replay?: StreamReplayResponse; summary?: ShowSummary } = {}) {
  const fake = liveApi({
    streams: [show],
    override: (call) => {
      if (call.path === `/streams/${show._id}`) return { status: 200, body: { stream: show } };
      if (call.path === `/streams/${show._id}/replay`) return { status: 200, body: answers.replay ?? replay };
      if (call.path === `/streams/${show._id}/summary`)
        return { status: 200, body: { summary: answers.summary ?? summary } };
      if (call.path === `/streams/${show._id}/replay/upload`) return { status: 200, body: { upload: null } };
      return undefined;
    },
  });
  const at = paths.dashboard.liveStreams.pastShow(show._id);
  renderRoutes(at, [
    {
      path: at,
      element: (
        <PastShowPage
          streamId={show._id}
          sellerId={SELLER_ID}
          api={fake.api}
          store={memoryRecordingStore()}
        />
      ),
    },
  ]);
  return fake;
}

const figure = (label: string) =>
  within(screen.getByRole('region', { name: 'How the show went' })).getByText(label, { selector: 'dt' })
    .nextElementSibling?.textContent;

describe('a past show', () => {
  it('plays the replay with each sale marked on its timeline where it happened', async () => {
    open();
    const video = await screen.findByLabelText('Replay of Friday phones');
    expect(video).toHaveAttribute('src', `/api/media/replays/${show._id}.webm`);
    const mark = screen.getByRole('button', { name: 'Sold: Tecno Spark 20 for ₦150,000.00 at 1:23' });
    // 83 s of a 2,671 s replay.
    expect(mark.style.left).toBe(`${(83 / 2671) * 100}%`);
    expect(screen.getByRole('link', { name: 'Open the buyers’ replay page' })).toHaveAttribute(
      'href',
      paths.watchReplay(show._id),
    );
  });

  it('sums the show up, showing giveaways only where they are recorded', async () => {
    open();
    await screen.findByRole('region', { name: 'How the show went' });
    expect(figure('Sales')).toBe('₦150,000.00');
    expect(figure('Orders')).toBe('1');
    expect(figure('Buyers')).toBe('1');
    expect(figure('Bids')).toBe('4');
    expect(figure('Peak viewers')).toBe('87');
    expect(figure('New followers')).toBe('6');
    expect(figure('Duration')).toBe('45 min');
    expect(screen.queryByText('Giveaways')).toBeNull();
  });

  it('says so when the show has no replay', async () => {
    open({ replay: { replay: null, moments: [] } });
    expect(await screen.findByText('No replay for this show')).toBeVisible();
    expect(screen.queryByLabelText('Replay of Friday phones')).toBeNull();
  });

  it('schedules the next show like this one: the wizard opens with it a week later', async () => {
    open();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Schedule the next show like this one' }),
    );
    await waitFor(() =>
      expect(screen.getByTestId('where')).toHaveTextContent(paths.dashboard.liveStreams.createLiveAuction),
    );
    const draft = readLiveDraft(SELLER_ID, 'live_auction')?.values;
    expect(draft).toMatchObject({
      title: 'Friday phones',
      tags: ['phones'],
      startImmediately: false,
      products: [
        {
          productId: PRODUCT_ID,
          auctionSettings: {
            startingBid: '100000',
            durationSeconds: '45',
            counterBidSeconds: '10',
            reservePrice: '',
          },
        },
      ],
    });
    const next = new Date(draft?.scheduledStartTime ?? '');
    expect(next.getTime()).toBeGreaterThan(Date.now());
    // The same weekday and time of day as the show's start.
    expect(next.getUTCDay()).toBe(5);
    expect(next.toISOString().slice(11)).toBe('18:12:00.000Z');
  });
});
