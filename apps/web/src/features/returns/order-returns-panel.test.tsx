import type { OrderDetail, SellerReturnsResponse } from '@kasuwa/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { OrderReturnsPanel } from '@/features/returns/order-returns-panel';
import { type Answer, type Call, fakeApiClient } from '@/test/in-memory-api';
import { testId, testOrder } from '@/test/orders';
import { renderScreen } from '@/test/render-screen';
import { returnSummaryOf, returnTestId, testReturn } from '@/test/returns';

const ORDER_ID = testId(7);

function delivered(overrides: Partial<OrderDetail> = {}): OrderDetail {
  const base = testOrder({ _id: ORDER_ID, number: 'KSW-100777' });
  return {
    ...base,
    fulfilmentStatus: 'delivered',
    paymentStatus: 'paid',
    paymentMethod: 'online',
    lines: [
      { ...base.lines[0], _id: testId(71), name: 'Ankara Gown', quantity: 2 } as OrderDetail['lines'][0],
    ],
    ...overrides,
  };
}

function setup(order: OrderDetail, opts: { refuse?: string } = {}) {
  const ours = testReturn({
    _id: returnTestId(80),
    number: 'RTN-100001',
    order: { _id: ORDER_ID, number: order.number },
  });
  // The list's search by number also finds another order whose number contains it: not shown here.
  const other = testReturn({
    _id: returnTestId(90),
    number: 'RTN-100002',
    order: { _id: testId(8), number: 'KSW-1007770' },
  });
  const created = testReturn({
    _id: returnTestId(55),
    number: 'RTN-100003',
    order: { _id: ORDER_ID, number: order.number },
  });
  const fake = fakeApiClient((call: Call): Answer => {
    if (call.method === 'GET' && call.path === `/orders/${ORDER_ID}`) return { status: 200, body: { order } };
    if (call.method === 'GET' && call.path === '/returns') {
      const returns = order.number === 'KSW-100777' ? [ours, other].map(returnSummaryOf) : [];
      const body: SellerReturnsResponse = {
        returns,
        counts: { requested: 0, in_progress: 0, refunded: 0, rejected: 0, all: returns.length },
        pagination: { page: 1, limit: 20, total: returns.length, totalPages: 1 },
      };
      return { status: 200, body };
    }
    if (call.method === 'POST' && call.path === `/orders/${ORDER_ID}/returns`) {
      if (opts.refuse) return { status: 409, body: { message: opts.refuse } };
      return { status: 201, body: { return: created } };
    }
    return { status: 404, body: { message: 'Not found' } };
  });
  renderScreen(
    `/dashboard/order/${ORDER_ID}`,
    '/dashboard/order/:orderId',
    <OrderReturnsPanel api={fake.api} orderId={ORDER_ID} />,
  );
  return fake;
}

describe('the Order screen’s returns', () => {
  it('lists this order’s returns only, each linked to its Return screen', async () => {
    setup(delivered());
    const panel = await screen.findByRole('region', { name: 'Returns' });
    const link = await within(panel).findByRole('link', { name: 'RTN-100001' });
    expect(link).toHaveAttribute('href', `/dashboard/return/${returnTestId(80)}`);
    expect(within(panel).queryByText('RTN-100002')).toBeNull();
    // Its return is still open: a second one is not offered.
    expect(within(panel).queryByRole('button', { name: 'Open a return' })).toBeNull();
  });

  it('opens a return on the buyer’s behalf with the chosen items and goes to it', async () => {
    const fake = setup(delivered({ number: 'KSW-100778' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Open a return' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Open return' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Choose an item');
    await userEvent.selectOptions(within(dialog).getByLabelText(/How many Ankara Gown/), '2');
    await userEvent.selectOptions(within(dialog).getByLabelText('Reason'), 'wrong_item');
    await userEvent.type(within(dialog).getByLabelText('Note'), 'Called on WhatsApp');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Open return' }));
    await waitFor(() =>
      expect(screen.getByTestId('where')).toHaveTextContent(`/dashboard/return/${returnTestId(55)}`),
    );
    const post = fake.calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({
      lines: [{ orderLineId: testId(71), quantity: 2 }],
      reason: 'wrong_item',
      note: 'Called on WhatsApp',
    });
  });

  it('shows the server’s refusal in the dialog', async () => {
    setup(delivered({ number: 'KSW-100779' }), { refuse: 'A return is already open for this order' });
    await userEvent.click(await screen.findByRole('button', { name: 'Open a return' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.selectOptions(within(dialog).getByLabelText(/How many Ankara Gown/), '1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Open return' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'A return is already open for this order',
    );
  });

  it('offers nothing for an order that has not reached the buyer, or was paid in cash', async () => {
    setup(delivered({ number: 'KSW-100780', fulfilmentStatus: 'shipped' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Returns' })).toBeNull());
    expect(screen.queryByRole('button', { name: 'Open a return' })).toBeNull();
  });
});
