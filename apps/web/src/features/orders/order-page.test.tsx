import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { OrderPage } from '@/features/orders/order-page';
import { fakeDownloader, fakeOrdersApi, testId, testOrder } from '@/test/orders';
import { renderScreen } from '@/test/render-screen';

function open(fake: ReturnType<typeof fakeOrdersApi>, orderId: string, download = fakeDownloader().download) {
  return renderScreen(
    `/dashboard/order/${orderId}`,
    '/dashboard/order/:orderId',
    <OrderPage orderId={orderId} api={fake.api} download={download} />,
  );
}

describe('one order', () => {
  it('shows its lines, totals, buyer with a phone link, delivery address and timeline', async () => {
    const order = testOrder({ number: 'KSW-100101' });
    open(fakeOrdersApi({ orders: [order] }), order._id);
    expect(await screen.findByRole('heading', { name: 'KSW-100101' })).toBeVisible();
    const items = screen.getByRole('region', { name: 'Items' });
    expect(within(items).getByText('Ankara wrap dress')).toBeVisible();
    expect(within(items).getByText('M')).toBeVisible();
    expect(within(items).getByText('1 × ₦15,000.00')).toBeVisible();
    expect(within(items).getByText('₦2,500.00')).toBeVisible();
    expect(within(items).getByText('₦17,500.00')).toBeVisible();
    const buyer = screen.getByRole('region', { name: 'Buyer' });
    expect(within(buyer).getByRole('link', { name: '+2348031112222' })).toHaveAttribute(
      'href',
      'tel:+2348031112222',
    );
    expect(within(buyer).getByText(/12 Allen Avenue/)).toBeVisible();
    const timeline = screen.getByRole('region', { name: 'Timeline' });
    const events = within(timeline)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(events[0]).toContain('Order placed');
    expect(events[1]).toContain('Payment received');
  });

  it('offers exactly the actions the server allows', async () => {
    const order = testOrder({ allowedActions: ['in_transit', 'delivered'], fulfilmentStatus: 'shipped' });
    open(fakeOrdersApi({ orders: [order] }), order._id);
    expect(await screen.findByRole('button', { name: 'Mark in transit' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Mark delivered' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Ship' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
  });

  it('ships with a carrier and tracking number, then shows the refreshed order and a toast', async () => {
    const order = testOrder();
    const fake = fakeOrdersApi({ orders: [order] });
    open(fake, order._id);
    await userEvent.click(await screen.findByRole('button', { name: 'Ship' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ship order' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark as shipped' }));
    expect(within(dialog).getByText('Carrier is required')).toBeVisible();
    expect(fake.calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.selectOptions(within(dialog).getByLabelText('Carrier'), 'Kwik');
    // Corrected: the error goes at once, not at the next press.
    expect(within(dialog).queryByText('Carrier is required')).not.toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Tracking number (optional)'), 'KW-778');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark as shipped' }));

    expect(await screen.findByText('Order updated')).toBeVisible();
    expect(fake.calls.find((c) => c.method === 'POST')?.body).toEqual({
      action: 'ship',
      carrier: 'Kwik',
      trackingNumber: 'KW-778',
    });
    const payment = screen.getByRole('region', { name: 'Payment and delivery' });
    expect(within(payment).getByText('Kwik')).toBeVisible();
    expect(within(payment).getByText('KW-778')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Mark in transit' })).toBeVisible();
    expect(
      within(screen.getByRole('region', { name: 'Timeline' })).getByText('Shipped with Kwik'),
    ).toBeVisible();
  });

  it('needs a reason to cancel', async () => {
    const order = testOrder();
    const fake = fakeOrdersApi({ orders: [order] });
    open(fake, order._id);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel order?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    expect(within(dialog).getByText('Say why the order is cancelled')).toBeVisible();
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Out of stock in this size');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fake.calls.find((c) => c.method === 'POST')?.body).toEqual({
      action: 'cancel',
      reason: 'Out of stock in this size',
    });
    expect(
      within(screen.getByRole('region', { name: 'Payment and delivery' })).getByText(
        'Out of stock in this size',
      ),
    ).toBeVisible();
  });

  it('confirms a pickup only with the 6-digit code, and shows the server’s refusal', async () => {
    const order = testOrder({
      deliveryMethod: 'pickup',
      deliveryAddress: null,
      pickupAddress: '3 Broad St, Lagos',
      fulfilmentStatus: 'ready_for_pickup',
      allowedActions: ['picked_up'],
    });
    const fake = fakeOrdersApi({ orders: [order] });
    open(fake, order._id);
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm pickup' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm pickup' });
    await userEvent.type(within(dialog).getByLabelText('Pickup code'), '12345');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm pickup' }));
    expect(within(dialog).getByText('The pickup code has 6 digits')).toBeVisible();

    await userEvent.type(within(dialog).getByLabelText('Pickup code'), '9');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm pickup' }));
    expect(await screen.findByText('That pickup code is not this order’s')).toBeVisible();
    expect(screen.getByRole('dialog', { name: 'Confirm pickup' })).toBeVisible();

    const box = within(dialog).getByLabelText('Pickup code');
    await userEvent.clear(box);
    await userEvent.type(box, '123456');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm pickup' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(
      within(screen.getByRole('region', { name: 'Payment and delivery' })).getByText('Picked up'),
    ).toBeVisible();
  });

  it('runs a one-tap action such as payment collected', async () => {
    const order = testOrder({
      paymentStatus: 'pay_on_delivery_pending',
      paymentMethod: 'pay_on_delivery',
      allowedActions: ['collect_payment'],
    });
    const fake = fakeOrdersApi({ orders: [order] });
    open(fake, order._id);
    await userEvent.click(await screen.findByRole('button', { name: 'Payment collected' }));
    expect(await screen.findByText('Order updated')).toBeVisible();
    expect(fake.calls.find((c) => c.method === 'POST')?.body).toEqual({ action: 'collect_payment' });
  });

  it('counts down to the payment deadline of an unpaid order', async () => {
    const due = new Date(Date.now() + (5 * 60 + 12) * 60_000 - 1000).toISOString();
    const order = testOrder({
      paymentStatus: 'awaiting_payment',
      paidAt: null,
      paymentDueAt: due,
      allowedActions: ['cancel'],
    });
    open(fakeOrdersApi({ orders: [order] }), order._id);
    expect(await screen.findByText('5 h 12 min left')).toBeVisible();
  });

  it('downloads the packing slip', async () => {
    const order = testOrder({ number: 'KSW-100150' });
    const downloader = fakeDownloader();
    open(fakeOrdersApi({ orders: [order] }), order._id, downloader.download);
    await userEvent.click(await screen.findByRole('button', { name: 'Download packing slip' }));
    expect(downloader.downloads).toEqual([
      { path: `/orders/${order._id}/packing-slip.pdf`, fileName: 'KSW-100150-packing-slip.pdf' },
    ]);
  });

  it('says an unknown order was not found, with a way back to Orders', async () => {
    open(fakeOrdersApi(), testId(1));
    expect(await screen.findByRole('heading', { name: 'Order not found' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to Orders' })).toHaveAttribute('href', '/dashboard/orders');
  });
});
