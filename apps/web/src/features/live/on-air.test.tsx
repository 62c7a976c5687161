import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '@/app/paths';
import { formatCountdown, OnAir } from '@/features/live/on-air';
import { liveApi, SELLER_ID, testStream } from '@/features/live/testing';
import { renderRoutes } from '@/test/render-screen';

const AT = paths.dashboard.livestreaming;

function open(fake: ReturnType<typeof liveApi>) {
  renderRoutes(AT, [{ path: AT, element: <OnAir sellerId={SELLER_ID} api={fake.api} /> }]);
}

describe('/dashboard/livestreaming', () => {
  it('shows the show on air: title, viewers, time on air, sales so far, and Open studio', async () => {
    const live = testStream({
      title: 'Ankara Friday',
      status: 'live',
      actualStartTime: new Date(Date.now() - (12 * 60 + 5) * 1000).toISOString(),
      viewerCount: 34,
    });
    const later = testStream({ title: 'Next week', status: 'scheduled' });
    const fake = liveApi({
      streams: [later, live],
      override: (call) =>
        call.path === `/streams/${live._id}/summary`
          ? {
              status: 200,
              body: {
                summary: {
                  sales: 42500,
                  orders: 3,
                  buyers: 2,
                  bids: 9,
                  peakViewers: 40,
                  viewerCount: 34,
                  giveaways: null,
                  newFollowers: 1,
                  durationMinutes: 12,
                },
              },
            }
          : undefined,
    });
    open(fake);
    const card = await screen.findByRole('region', { name: 'Ankara Friday' });
    const value = (label: string) =>
      within(card).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(value('Viewers')).toBe('34');
    expect(value('On air')).toMatch(/^12:0[5-9]$/);
    expect(await within(card).findByText('₦42,500.00')).toBeVisible();
    expect(within(card).getByRole('link', { name: 'Open studio' })).toHaveAttribute(
      'href',
      paths.dashboard.liveStreams.studio(live._id),
    );
    expect(screen.queryByText('Next week')).toBeNull();
  });

  it('counts down to the next scheduled show, with Go live', async () => {
    const soon = testStream({
      title: 'Saturday drop',
      status: 'scheduled',
      scheduledStartTime: new Date(Date.now() + (2 * 3600 + 5 * 60) * 1000).toISOString(),
    });
    const later = testStream({
      title: 'Far away',
      status: 'scheduled',
      scheduledStartTime: '2031-01-01T10:00:00.000Z',
    });
    open(liveApi({ streams: [later, soon] }));
    const card = await screen.findByRole('region', { name: 'Saturday drop' });
    expect(within(card).getByText(/^2:0[45]:\d\d$/)).toBeVisible();
    expect(within(card).getByRole('link', { name: 'Go live' })).toHaveAttribute(
      'href',
      paths.dashboard.liveStreams.studio(soon._id),
    );
  });

  it('offers to create a show when nothing is live or scheduled', async () => {
    open(liveApi({ streams: [testStream({ status: 'ended' })] }));
    expect(await screen.findByRole('heading', { name: 'You are not live' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Create live show' })).toHaveAttribute(
      'href',
      paths.dashboard.liveStreams.liveStream,
    );
  });

  it('writes countdowns with days when a show is more than a day away', () => {
    expect(formatCountdown((2 * 86_400 + 3 * 3600 + 4 * 60 + 5) * 1000)).toBe('2 d 3:04:05');
    expect(formatCountdown(65_000)).toBe('1:05');
    expect(formatCountdown(-5_000)).toBe('0:00');
  });
});
