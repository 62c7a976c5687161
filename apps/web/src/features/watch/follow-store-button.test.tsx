import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FollowStoreButton } from '@/features/watch/follow-store-button';
import { fakeApiClient } from '@/test/in-memory-api';
import { renderScreen } from '@/test/render-screen';

const SELLER = '5e11e000-0000-4000-8000-000000000001';

function fakeStore() {
  let following = false;
  return fakeApiClient((call) => {
    if (call.method === 'PUT') following = true;
    if (call.method === 'DELETE') following = false;
    return {
      status: 200,
      body: {
        sellerId: SELLER,
        storeName: 'Bola Stores',
        following,
        followerCount: following ? 1 : 0,
        unsubscribed: false,
        blocked: false,
      },
    };
  });
}

describe('Follow on the watch pages', () => {
  it('asks a visitor to log in first', async () => {
    const askToLogIn = vi.fn();
    const api = fakeStore();
    renderScreen(
      '/w',
      '/w',
      <FollowStoreButton api={api.api} sellerId={SELLER} buyerId={null} askToLogIn={askToLogIn} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Follow' }));
    expect(askToLogIn).toHaveBeenCalledWith(
      'Log in or sign up to follow this store and hear about its next shows.',
    );
    expect(api.calls).toEqual([]);
  });

  it('follows and unfollows the store for a logged-in buyer', async () => {
    const api = fakeStore();
    renderScreen(
      '/w',
      '/w',
      <FollowStoreButton api={api.api} sellerId={SELLER} buyerId="b1" askToLogIn={vi.fn()} />,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Follow' }));
    expect(await screen.findByRole('button', { name: 'Following' })).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByText('You follow Bola Stores')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Following' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Follow' })).toHaveAttribute('aria-pressed', 'false'),
    );
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      `GET /buyer/stores/${SELLER}`,
      `PUT /buyer/stores/${SELLER}/follow`,
      `DELETE /buyer/stores/${SELLER}/follow`,
    ]);
  });
});
