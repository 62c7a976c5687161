import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PastShows } from '@/features/live/past-shows';
import { liveApi, SELLER_ID, testStream } from '@/features/live/testing';
import { ApiError } from '@/lib/api-client';
import type { FileDownloader } from '@/lib/download-file';
import { fakeDownloader } from '@/test/orders';
import { renderRoutes } from '@/test/render-screen';

const PAST = '/dashboard/live-streams/past-shows';

function open(fake: ReturnType<typeof liveApi>, download: FileDownloader = fakeDownloader().download) {
  return renderRoutes(PAST, [
    { path: PAST, element: <PastShows sellerId={SELLER_ID} api={fake.api} download={download} /> },
  ]);
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

  it('downloads an ended show’s packing list, busy until the file is in', async () => {
    const show = testStream({ title: 'Friday auction', status: 'ended' });
    const downloader = fakeDownloader();
    open(liveApi({ streams: [show] }), downloader.download);
    const card = await screen.findByRole('article', { name: 'Friday auction' });
    const button = within(card).getByRole('button', { name: 'Packing list for Friday auction' });
    await userEvent.click(button);
    expect(downloader.downloads).toEqual([
      { path: `/streams/${show._id}/packing-list.pdf`, fileName: `packing-list-${show._id.slice(0, 8)}.pdf` },
    ]);
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    downloader.finish();
    await waitFor(() => expect(button).toBeEnabled());
  });

  it('says why a packing list could not be downloaded', async () => {
    const show = testStream({ title: 'Friday auction', status: 'ended' });
    const refuse: FileDownloader = () =>
      Promise.reject(new ApiError({ status: 404, kind: 'http', message: 'Live show not found' }));
    open(liveApi({ streams: [show] }), refuse);
    const card = await screen.findByRole('article', { name: 'Friday auction' });
    await userEvent.click(within(card).getByRole('button', { name: 'Packing list for Friday auction' }));
    expect(await screen.findByText('Could not download the packing list')).toBeVisible();
    expect(screen.getByText('Live show not found')).toBeVisible();
    expect(within(card).getByRole('button', { name: 'Packing list for Friday auction' })).toBeEnabled();
  });
});
