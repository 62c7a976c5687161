import type { InboxItem } from '@kasuwa/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { BuyerUpdatesPage } from '@/features/updates/buyer-updates-page';
import { fakeApiClient } from '@/test/in-memory-api';
import { renderScreen } from '@/test/render-screen';

const SELLER = '5e11e000-0000-4000-8000-000000000001';

const item = (over: Partial<InboxItem> = {}): InboxItem => ({
  _id: '5e11e000-0000-4000-8000-000000000020',
  kind: 'campaign',
  seller: { _id: SELLER, storeName: 'Bola Stores' },
  title: 'Adire restock',
  message: 'Fresh scarves are in.',
  imageUrl: null,
  link: `/checkout/buy?productId=p1&sellerId=${SELLER}&quantity=1`,
  linkLabel: 'Buy now',
  couponCode: 'ADIRE10',
  createdAt: '2026-11-27T09:00:00.000Z',
  openedAt: null,
  clickedAt: null,
  ...over,
});

function fake(items: InboxItem[]) {
  return fakeApiClient((call) => {
    if (call.path === '/buyer/updates')
      return {
        status: 200,
        body: {
          items,
          unreadCount: items.filter((i) => !i.openedAt).length,
          pagination: { currentPage: 1, hasMore: false },
        },
      };
    if (call.path.endsWith('/open') || call.path.endsWith('/click'))
      return { status: 200, body: { item: { ...items[0], openedAt: '2026-11-27T10:00:00.000Z' } } };
    if (call.path.endsWith('/preferences'))
      return {
        status: 200,
        body: {
          sellerId: SELLER,
          storeName: 'Bola Stores',
          following: false,
          followerCount: 0,
          unsubscribed: false,
          blocked: true,
        },
      };
    return { status: 404, body: { message: 'Not found' } };
  });
}

const render = (api: ReturnType<typeof fake>, onSessionExpired = vi.fn()) =>
  renderScreen(
    '/my-updates',
    '/my-updates',
    <BuyerUpdatesPage api={api.api} onSessionExpired={onSessionExpired} />,
  );

describe("the buyer's Updates", () => {
  it('counts an update opened when it is expanded, and a click when its link is followed', async () => {
    const api = fake([
      item(),
      item({
        _id: '5e11e000-0000-4000-8000-000000000021',
        kind: 'show_started',
        title: 'Bola Stores is live now',
        link: '/watch/s1',
        linkLabel: 'Watch now',
        couponCode: null,
      }),
    ]);
    render(api);
    expect(await screen.findByText('2 new')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: /Adire restock/ }));
    expect(screen.getByText('ADIRE10')).toBeVisible();
    await waitFor(() =>
      expect(api.calls.some((c) => c.method === 'POST' && c.path.endsWith('020/open'))).toBe(true),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Buy now' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/checkout/buy?productId=p1'));
    expect(api.calls.some((c) => c.method === 'POST' && c.path.endsWith('020/click'))).toBe(true);
  });

  it('lets the buyer block a store from its campaign', async () => {
    const api = fake([item()]);
    render(api);
    await userEvent.click(await screen.findByRole('button', { name: /Adire restock/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Block this store' }));
    expect(await screen.findByText('Bola Stores is blocked. You will not hear from it again.')).toBeVisible();
    const call = api.calls.find((c) => c.path === `/buyer/stores/${SELLER}/preferences`);
    expect(call?.body).toEqual({ blocked: true });
  });

  it('says so when there is nothing yet, and hands an expired log-in back', async () => {
    render(fake([]));
    expect(
      await screen.findByText(
        'No updates yet. Follow a store from its live show or blip to hear when it goes live.',
      ),
    ).toBeVisible();
    const expired = vi.fn();
    render(
      fakeApiClient(() => ({ status: 401, body: { message: 'Invalid token' } })) as ReturnType<typeof fake>,
      expired,
    );
    await waitFor(() => expect(expired).toHaveBeenCalled());
  });
});
