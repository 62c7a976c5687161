import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FollowersCard } from '@/features/followers/followers-card';
import { fakeApiClient } from '@/test/in-memory-api';
import { renderScreen } from '@/test/render-screen';

describe("the home screen's followers card", () => {
  it('shows the follower count, the week’s new followers and the way to reach them', async () => {
    const api = fakeApiClient(() => ({ status: 200, body: { total: 1250, newThisWeek: 14 } }));
    renderScreen('/dashboard/home', '/dashboard/home', <FollowersCard api={api.api} />);
    const card = screen.getByRole('region', { name: 'Followers' });
    expect(await within(card).findByText('1,250')).toBeVisible();
    expect(within(card).getByText('+14 this week')).toBeVisible();
    expect(within(card).getByRole('link', { name: 'Send your followers a campaign' })).toHaveAttribute(
      'href',
      '/dashboard/marketing/inbox-campaigns/create',
    );
    expect(api.calls.map((c) => c.path)).toEqual(['/followers/summary']);
  });

  it('offers to try again when the count could not be loaded', async () => {
    const api = fakeApiClient(() => ({ status: 500, body: { message: 'Something went wrong' } }));
    renderScreen('/dashboard/home', '/dashboard/home', <FollowersCard api={api.api} />);
    expect(await screen.findByRole('button', { name: 'Try again' }, { timeout: 10_000 })).toBeVisible();
  });
});
