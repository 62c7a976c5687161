import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { OrderRows } from '@/features/orders/order-list';
import { readOrderParams, writeOrderParams } from '@/features/orders/orders-api';
import { OrdersPage } from '@/features/orders/orders-page';
import { fakeDownloader, fakeOrdersApi, summaryOf, testId, testOrder } from '@/test/orders';
import { renderScreen } from '@/test/render-screen';

const SHOW_ID = testId(42);

function open(
  fake: ReturnType<typeof fakeOrdersApi>,
  path = '/dashboard/orders',
  download = fakeDownloader().download,
) {
  return renderScreen(
    path,
    '/dashboard/orders',
    <OrdersPage api={fake.api} download={download} shows={[{ _id: SHOW_ID, title: 'Friday Ankara show' }]} />,
  );
}

const listCalls = (fake: ReturnType<typeof fakeOrdersApi>) =>
  fake.calls.filter((c) => c.method === 'GET' && c.path === '/orders');

async function rowOf(number: string) {
  return (await screen.findByRole('link', { name: number })).closest('tr') as HTMLElement;
}

describe('the Orders screen', () => {
  it('shows each tab with its count and the orders with naira totals and status badges', async () => {
    const fake = fakeOrdersApi({
      orders: [
        testOrder({ number: 'KSW-100001', total: 17500.5 }),
        testOrder({
          number: 'KSW-100002',
          paymentStatus: 'awaiting_payment',
          paidAt: null,
          allowedActions: ['cancel'],
        }),
        testOrder({ number: 'KSW-100003', fulfilmentStatus: 'delivered', allowedActions: [] }),
      ],
    });
    open(fake);

    const row = await rowOf('KSW-100001');
    expect(within(row).getByText('₦17,500.50')).toBeVisible();
    expect(within(row).getByText('Paid')).toBeVisible();
    expect(within(row).getByText('Unfulfilled')).toBeVisible();
    expect(within(row).getByText('Ankara wrap dress (M)')).toBeVisible();
    expect(within(await rowOf('KSW-100002')).getByText('Awaiting payment')).toBeVisible();
    // Only an order the server would ship can be picked to ship in bulk: paid, not one awaiting payment.
    expect(screen.getByRole('checkbox', { name: 'Select KSW-100001' })).toBeEnabled();
    expect(screen.getByRole('checkbox', { name: 'Select KSW-100002' })).toBeDisabled();

    const tabs = screen.getByRole('tablist', { name: 'Order status' });
    expect(within(tabs).getByRole('tab', { name: 'All 3' })).toHaveAttribute('aria-selected', 'true');
    expect(within(tabs).getByRole('tab', { name: 'To pay 1' })).toBeVisible();
    expect(within(tabs).getByRole('tab', { name: 'To ship 1' })).toBeVisible();
    expect(within(tabs).getByRole('tab', { name: 'Delivered 1' })).toBeVisible();
    expect(within(tabs).getByRole('tab', { name: 'Cancelled 0' })).toBeVisible();

    await userEvent.click(within(tabs).getByRole('tab', { name: 'To pay 1' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'KSW-100001' })).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'KSW-100002' })).toBeVisible();
    expect(listCalls(fake).at(-1)?.query.get('tab')).toBe('to_pay');
    expect(screen.getByTestId('where').textContent).toBe('/dashboard/orders?tab=to_pay');
  });

  it('says what to do when a tab is empty', async () => {
    open(
      fakeOrdersApi({ orders: [testOrder({ fulfilmentStatus: 'delivered', allowedActions: [] })] }),
      '/dashboard/orders?tab=to_ship',
    );
    expect(await screen.findByText('Nothing to ship.')).toBeVisible();
    expect(screen.getByText('Paid orders appear here.')).toBeVisible();
  });

  it('says how to get orders when there are none at all', async () => {
    open(fakeOrdersApi());
    expect(await screen.findByText('No orders yet.')).toBeVisible();
  });

  it('reads its filters from the URL and asks the server for them, and keeps the search in the URL', async () => {
    const fake = fakeOrdersApi({ orders: [testOrder({ number: 'KSW-100010' })] });
    open(
      fake,
      `/dashboard/orders?tab=to_ship&from=2026-03-01&to=2026-03-31&show=${SHOW_ID}&sort=total_desc&page=1`,
    );
    await rowOf('KSW-100010');
    const first = listCalls(fake)[0]?.query;
    expect(first?.get('tab')).toBe('to_ship');
    expect(first?.get('from')).toBe('2026-03-01');
    expect(first?.get('to')).toBe('2026-03-31');
    expect(first?.get('streamId')).toBe(SHOW_ID);
    expect(first?.get('sort')).toBe('total_desc');
    expect(screen.getByLabelText('Live show')).toHaveValue(SHOW_ID);
    expect(screen.getByLabelText('Sort by')).toHaveValue('total_desc');

    await userEvent.type(screen.getByLabelText('Search orders'), 'chidi');
    await waitFor(() => expect(listCalls(fake).at(-1)?.query.get('search')).toBe('chidi'));
    expect(screen.getByTestId('where').textContent).toContain('search=chidi');
  });

  it('round-trips the list state through the URL and drops what it cannot read', () => {
    const params = {
      tab: 'shipped' as const,
      search: 'KSW-100234',
      from: '2026-03-01',
      to: '2026-03-02',
      streamId: SHOW_ID,
      sort: 'oldest' as const,
      page: 3,
    };
    expect(readOrderParams(writeOrderParams(params))).toEqual(params);
    expect(writeOrderParams({ tab: 'all', sort: 'newest', page: 1 }).toString()).toBe('');
    expect(readOrderParams(new URLSearchParams('tab=nope&page=-2&from=yesterday&show=1'))).toEqual({
      tab: 'all',
      sort: 'newest',
      page: 1,
      search: undefined,
      from: undefined,
      to: undefined,
      streamId: undefined,
    });
  });

  it('ships the chosen orders with one carrier and says which failed and why', async () => {
    const good = testOrder({ number: 'KSW-100020' });
    const bad = testOrder({ number: 'KSW-100021' });
    const fake = fakeOrdersApi({
      orders: [good, bad],
      bulkShipRefusals: { [bad._id]: 'This order is not paid yet' },
    });
    open(fake);

    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select KSW-100020' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select KSW-100021' }));
    const bar = screen.getByRole('region', { name: 'Selected orders' });
    expect(within(bar).getByText('2 selected')).toBeVisible();
    await userEvent.click(within(bar).getByRole('button', { name: 'Mark as shipped' }));

    const dialog = await screen.findByRole('dialog', { name: 'Mark 2 orders as shipped' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark as shipped' }));
    expect(within(dialog).getByText('Carrier is required')).toBeVisible();
    expect(fake.calls.some((c) => c.path === '/orders/bulk-ship')).toBe(false);

    await userEvent.selectOptions(within(dialog).getByLabelText('Carrier'), 'GIG Logistics');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark as shipped' }));

    const result = await screen.findByRole('dialog', { name: 'Some orders were not shipped' });
    expect(within(result).getByText('1 order was marked as shipped.')).toBeVisible();
    const failed = within(result).getByRole('list', { name: 'Not shipped' });
    expect(failed.textContent).toBe('KSW-100021: This order is not paid yet');
    expect(fake.calls.find((c) => c.path === '/orders/bulk-ship')?.body).toEqual({
      orderIds: [good._id, bad._id],
      carrier: 'GIG Logistics',
    });
    await userEvent.click(within(result).getByRole('button', { name: 'Done' }));
    // The shipped one is shown shipped and no longer chosen; the refused one stays chosen to try again.
    await waitFor(() =>
      expect(
        within(screen.getByRole('link', { name: 'KSW-100020' }).closest('tr') as HTMLElement).getByText(
          'Shipped',
        ),
      ).toBeVisible(),
    );
    expect(screen.getByRole('checkbox', { name: 'Select KSW-100021' })).toBeChecked();
  });

  it('types a carrier that is not in the list', async () => {
    const order = testOrder({ number: 'KSW-100030' });
    const fake = fakeOrdersApi({ orders: [order] });
    open(fake);
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select KSW-100030' }));
    await userEvent.click(screen.getByRole('button', { name: 'Mark as shipped' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark 1 order as shipped' });
    await userEvent.selectOptions(within(dialog).getByLabelText('Carrier'), 'Another carrier…');
    await userEvent.type(within(dialog).getByLabelText('Carrier name'), 'ABC Transport');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark as shipped' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fake.calls.find((c) => c.path === '/orders/bulk-ship')?.body).toMatchObject({
      carrier: 'ABC Transport',
    });
  });

  it('exports the filtered list as CSV with the same filters, busy while it downloads', async () => {
    const fake = fakeOrdersApi({ orders: [testOrder({ number: 'KSW-100040' })] });
    const downloader = fakeDownloader();
    open(fake, '/dashboard/orders?tab=to_ship&search=ankara&page=2', downloader.download);
    const button = await screen.findByRole('button', { name: 'Export CSV' });
    await userEvent.click(button);
    expect(await screen.findByRole('button', { name: 'Exporting…' })).toBeDisabled();
    const { path, fileName } = downloader.downloads[0] ?? { path: '', fileName: '' };
    const [route, query] = path.split('?');
    expect(route).toBe('/orders/export.csv');
    const sent = new URLSearchParams(query);
    expect(sent.get('tab')).toBe('to_ship');
    expect(sent.get('search')).toBe('ankara');
    expect(sent.has('page')).toBe(false);
    expect(fileName).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
    downloader.finish();
    expect(await screen.findByRole('button', { name: 'Export CSV' })).toBeEnabled();
  });

  it('says when the export fails', async () => {
    open(fakeOrdersApi(), '/dashboard/orders', fakeDownloader('boom').download);
    await userEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('Could not export the orders')).toBeVisible();
  });

  it('offers a retry when the list cannot be loaded', async () => {
    let fail = true;
    const fake = fakeOrdersApi({
      orders: [testOrder({ number: 'KSW-100050' })],
      override: (call) =>
        fail && call.path === '/orders' ? { status: 400, body: { message: 'Bad' } } : undefined,
    });
    open(fake);
    const retry = await screen.findByRole('button', { name: 'Try again' });
    fail = false;
    await userEvent.click(retry);
    expect(await screen.findByRole('link', { name: 'KSW-100050' })).toBeVisible();
  });

  it('draws a customer’s orders with the same rows, without the choice boxes', () => {
    const order = testOrder({ number: 'KSW-100060' });
    renderScreen('/x', '/x', <OrderRows orders={[summaryOf(order)]} />);
    expect(screen.getByRole('link', { name: 'KSW-100060' })).toHaveAttribute(
      'href',
      `/dashboard/order/${order._id}`,
    );
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });
});
