import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LiveShowTypes } from '@/features/live/live-show-types';
import { liveApi, SELLER_ID, testStream } from '@/features/live/testing';
import { UpcomingShows } from '@/features/live/upcoming-shows';
import { renderRoutes } from '@/test/render-screen';

const PAGE = '/dashboard/live-streams/live-stream';

function open(fake: ReturnType<typeof liveApi>) {
  return renderRoutes(PAGE, [
    {
      path: PAGE,
      element: (
        <>
          <LiveShowTypes />
          <UpcomingShows sellerId={SELLER_ID} api={fake.api} />
        </>
      ),
    },
  ]);
}

describe('the live-stream page', () => {
  it('offers auctions, open live shows and giveaways (issue 21)', () => {
    open(liveApi());
    expect(screen.getByRole('link', { name: /Auctions/ }).getAttribute('href')).toBe(
      '/dashboard/live-streams/create-live-auction',
    );
    expect(screen.getByRole('link', { name: /Open Live Show/ }).getAttribute('href')).toBe(
      '/dashboard/live-streams/create-live-show',
    );
    expect(screen.getByRole('link', { name: /Live Giveaways/ }).getAttribute('href')).toBe(
      '/dashboard/live-streams/live-giveaways',
    );
    expect(screen.queryByText('Unavailable for now')).not.toBeInTheDocument();
  });

  it('lists the soonest shows first and points to the expired ones', async () => {
    const later = testStream({ title: 'Later show', scheduledStartTime: '2030-06-01T18:00:00.000Z' });
    const sooner = testStream({ title: 'Sooner show', scheduledStartTime: '2030-05-01T18:00:00.000Z' });
    const missed = testStream({ title: 'Missed show', status: 'expired' });
    open(liveApi({ streams: [later, sooner, missed] }));

    const section = await screen.findByRole('region', { name: 'Upcoming shows' });
    const items = await within(section).findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]?.textContent).toContain('Sooner show');
    expect(items[1]?.textContent).toContain('Later show');
    expect(within(section).getByText(/1 show was not started in time/)).toBeVisible();
    expect(within(section).getByRole('link', { name: 'Past shows' }).getAttribute('href')).toBe(
      '/dashboard/live-streams/past-shows',
    );
  });
});
