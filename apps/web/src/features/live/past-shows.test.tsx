import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PastShows } from '@/features/live/past-shows';
import { liveApi, SELLER_ID, testStream } from '@/features/live/testing';
import { renderRoutes } from '@/test/render-screen';

const PAST = '/dashboard/live-streams/past-shows';

function open(fake: ReturnType<typeof liveApi>) {
  return renderRoutes(PAST, [{ path: PAST, element: <PastShows sellerId={SELLER_ID} api={fake.api} /> }]);
}

const figure = (card: HTMLElement, label: string) =>
  within(card).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('the past shows page', () => {
  it('shows how long each show ran, rounded to the minute from its actual start to its end', async () => {
    const auction = testStream({
      title: 'Friday auction',
      type: 'live_auction',
      status: 'ended',
      scheduledStartTime: '2026-03-06T18:00:00.000Z',
      // Started 12 minutes late; ran 44 min 31 s.
      actualStartTime: '2026-03-06T18:12:00.000Z',
      endedAt: '2026-03-06T18:56:31.000Z',
      summary: { durationMinutes: 45, peakViewers: 87, bidsCount: 31, salesCount: 4, salesTotal: 125000 },
    });
    const short = testStream({
      title: 'Quick drop',
      status: 'ended',
      actualStartTime: '2026-03-01T10:00:00.000Z',
      // 1 min 30 s, and no summary: the page works it out from the times.
      endedAt: '2026-03-01T10:01:30.000Z',
      summary: null,
      peakViewers: 3,
    });
    const fake = liveApi({ streams: [auction, short] });
    open(fake);

    const card = await screen.findByRole('article', { name: 'Friday auction' });
    expect(figure(card, 'Duration')).toBe('45 minutes');
    expect(figure(card, 'Peak viewers')).toBe('87');
    expect(figure(card, 'Bids')).toBe('31');
    expect(figure(card, 'Sales')).toBe('4 · ₦125,000.00');
    expect(within(card).getByText('Fri, 6 Mar 2026, 19:12 WAT')).toBeVisible();

    const quick = screen.getByRole('article', { name: 'Quick drop' });
    expect(figure(quick, 'Duration')).toBe('2 minutes');
    expect(figure(quick, 'Peak viewers')).toBe('3');

    const chart = screen.getByRole('region', { name: 'Sales per show' });
    expect(within(chart).getByText('₦125,000.00')).toBeVisible();
    expect(fake.calls.find((c) => c.path === `/streams/seller/${SELLER_ID}`)?.query.getAll('status')).toEqual(
      ['ended'],
    );
  });

  it('says when there are no past shows yet', async () => {
    open(liveApi());
    expect(await screen.findByText('No past shows yet')).toBeVisible();
  });
});
