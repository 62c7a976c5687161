import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { BuyerAccountButton } from '@/features/watch/buyer-account-sheet';
import type { BuyerSession } from '@/features/watch/buyer-session';
import { fakeApiClient } from '@/test/in-memory-api';
import { renderScreen } from '@/test/render-screen';

const session = {
  buyer: { _id: 'b-1', name: 'Chioma Eze' },
  token: 'buyer-token',
} as unknown as BuyerSession;

function show(who: BuyerSession | null, onLogOut = vi.fn()) {
  const fake = fakeApiClient((call) => {
    if (call.path === '/buyer/conversations/unread-count') return { status: 200, body: { unreadCount: 2 } };
    if (call.path === '/buyer/updates/unread-count') return { status: 200, body: { unreadCount: 1 } };
    return { status: 404, body: { message: 'Not found' } };
  });
  renderScreen(
    '/watch/s-1',
    '/watch/:streamId',
    <BuyerAccountButton api={fake.api} session={who} onLogOut={onLogOut} />,
  );
  return { fake, onLogOut };
}

describe('the buyer’s account on the watch pages', () => {
  it('shows what is unread, opens their orders, messages and updates, and logs out', async () => {
    const { onLogOut } = show(session);
    const button = await screen.findByRole('button', { name: 'Your account, 3 unread' });
    await userEvent.click(button);
    const sheet = await screen.findByRole('dialog', { name: 'Chioma Eze' });
    const nav = within(sheet).getByRole('navigation', { name: 'Your account' });
    expect(within(nav).getByRole('link', { name: 'My orders' })).toHaveAttribute('href', '/my-orders');
    expect(within(nav).getByRole('link', { name: /Messages.*2 unread/ })).toHaveAttribute(
      'href',
      '/my-messages',
    );
    expect(within(nav).getByRole('link', { name: /Updates from stores.*1 unread/ })).toHaveAttribute(
      'href',
      '/my-updates',
    );
    await userEvent.click(within(sheet).getByRole('button', { name: 'Log out' }));
    expect(onLogOut).toHaveBeenCalledOnce();
  });

  it('is not there for a visitor who has not logged in, and asks nothing of the server', () => {
    const { fake } = show(null);
    expect(screen.queryByRole('button', { name: /Your account/ })).toBeNull();
    expect(fake.calls).toEqual([]);
  });
});
