import { socketEvents } from '@kasuwa/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { useLiveNotifications } from '@/features/notifications/notifications-data';
import type { SellerSocket } from '@/lib/socket';
import { FakeLiveSocket } from '@/test/fake-live-socket';

/** The seller's socket as the hook uses it: events, plus the manager's reconnect and close. */
class FakeSellerSocket extends FakeLiveSocket {
  io = { on: () => undefined };
  close() {
    this.disconnect();
  }
}

function pushed(type: string) {
  return {
    notification: {
      _id: `n-${type}`,
      type,
      title: 'New order',
      message: 'Chioma Okafor won Aso-oke gele',
      isRead: false,
      createdAt: new Date().toISOString(),
      data: { orderId: 'order-1' },
    },
  };
}

function setUp() {
  const socket = new FakeSellerSocket();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // An Orders screen's list on screen (fresh, so only an invalidation makes it stale).
  client.setQueryData(['orders', 'list', { tab: 'all' }], { orders: [] });
  client.setQueryData(['products', 'list'], { products: [] });
  client.setQueryData(['returns', 'list', { tab: 'requested' }], { returns: [] });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const connect = async () => {
    socket.connect();
    return socket as unknown as SellerSocket;
  };
  renderHook(() => useLiveNotifications('seller-1', connect), { wrapper });
  const stale = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated ?? false;
  return { socket, client, stale };
}

describe('live notifications', () => {
  it('refresh the orders screens when an order notification arrives, so a new or paid order shows without a reload', async () => {
    const { socket, stale } = setUp();
    await waitFor(() => expect(socket.connected).toBe(true));
    socket.serverSends(socketEvents.notificationCreated, pushed('order_paid'));
    await waitFor(() => expect(stale(['orders', 'list', { tab: 'all' }])).toBe(true));
    expect(stale(['products', 'list'])).toBe(false);
  });

  it('refresh the Returns Center when a return notification arrives, so a new request shows without a reload', async () => {
    const { socket, stale } = setUp();
    await waitFor(() => expect(socket.connected).toBe(true));
    socket.serverSends(socketEvents.notificationCreated, pushed('return_request'));
    await waitFor(() => expect(stale(['returns', 'list', { tab: 'requested' }])).toBe(true));
    expect(stale(['orders', 'list', { tab: 'all' }])).toBe(false);
  });

  it('leave the orders alone for a notification about something else', async () => {
    const { socket, stale } = setUp();
    await waitFor(() => expect(socket.connected).toBe(true));
    socket.serverSends(socketEvents.notificationCreated, { ...pushed('new_follower') });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(stale(['orders', 'list', { tab: 'all' }])).toBe(false);
  });
});
