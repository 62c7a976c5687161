import type { OrdersOverviewResponse } from '@kasuwa/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { OrdersOverview } from '@/features/home/orders-overview';
import type { Override } from '@/test/in-memory-api';
import { fakeOrdersApi, summaryOf, testOrder } from '@/test/orders';
import { renderScreen } from '@/test/render-screen';

const days = (totals: number[]) =>
  totals.map((total, i) => ({ date: `2026-03-${String(8 + i).padStart(2, '0')}`, total }));

function open(overview?: OrdersOverviewResponse, override?: Override) {
  const fake = fakeOrdersApi({ ...(overview ? { overview } : {}), ...(override ? { override } : {}) });
  renderScreen('/dashboard/home', '/dashboard/home', <OrdersOverview api={fake.api} />);
  return fake;
}

describe('the Home screen’s sales and orders cards', () => {
  it('shows today’s and this week’s sales, orders to ship and to pay, the week’s bars and recent orders', async () => {
    const order = testOrder({ number: 'KSW-100500', total: 17500 });
    open({
      salesToday: 42500.5,
      salesThisWeek: 310000,
      ordersToday: 3,
      toShip: 4,
      toPay: 2,
      dailySales: days([0, 12000, 0, 56000, 80000, 120000, 42500.5]),
      recentOrders: [summaryOf(order)],
    } satisfies OrdersOverviewResponse);
    expect(await screen.findByRole('link', { name: 'Orders to ship 4' })).toBeVisible();
    expect(screen.getByText('Sales today').nextSibling?.textContent).toBe('₦42,500.50');
    expect(screen.getByText('This week').nextSibling?.textContent).toBe('₦310,000.00');
    expect(screen.getByRole('link', { name: 'Orders to ship 4' })).toHaveAttribute(
      'href',
      '/dashboard/orders?tab=to_ship',
    );
    expect(screen.getByRole('link', { name: 'Awaiting payment 2' })).toHaveAttribute(
      'href',
      '/dashboard/orders?tab=to_pay',
    );
    const chart = screen.getByRole('table', { name: 'Paid sales per day, last 7 days' });
    expect(within(chart).getAllByRole('row')).toHaveLength(7);
    expect(screen.getByText('Best day: ₦120,000.00')).toBeVisible();
    const recent = screen.getByRole('region', { name: 'Recent orders' });
    expect(within(recent).getByRole('link', { name: /KSW-100500/ })).toHaveAttribute(
      'href',
      `/dashboard/order/${order._id}`,
    );
  });

  it('says what to do before the first order', async () => {
    open({
      salesToday: 0,
      salesThisWeek: 0,
      ordersToday: 0,
      toShip: 0,
      toPay: 0,
      dailySales: days([0, 0, 0, 0, 0, 0, 0]),
      recentOrders: [],
    });
    expect(await screen.findByText(/No orders yet\. Go live or share your products/)).toBeVisible();
    expect(screen.getByText('No paid sales in the last 7 days.')).toBeVisible();
    expect(screen.getByText('Sales today').nextSibling?.textContent).toBe('₦0.00');
  });

  it('offers a retry when the figures cannot be loaded', async () => {
    let fail = true;
    const overview = {
      salesToday: 1000,
      salesThisWeek: 1000,
      ordersToday: 1,
      toShip: 1,
      toPay: 0,
      dailySales: days([1000]),
      recentOrders: [],
    };
    open(overview, (call) =>
      fail && call.path === '/orders/overview' ? { status: 400, body: { message: 'No' } } : undefined,
    );
    const retry = await screen.findByRole('button', { name: 'Try again' });
    fail = false;
    await userEvent.click(retry);
    expect(await screen.findByText('Sales today')).toBeVisible();
  });
});
