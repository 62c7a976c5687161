import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { OrderPage } from '@/features/orders/order-page';
import type { ApiClient } from '@/lib/api-client';
import { fakeDownloader, fakeOrdersApi, testOrder } from '@/test/orders';
import { renderScreen } from '@/test/render-screen';
import { type FakeShippingOptions, terminalProvider } from '@/test/shipping';

function open(api: ApiClient, orderId: string) {
  return renderScreen(
    `/dashboard/order/${orderId}`,
    '/dashboard/order/:orderId',
    <OrderPage orderId={orderId} api={api} download={fakeDownloader().download} />,
  );
}

function withCarrier(shipping: FakeShippingOptions = {}, order = testOrder()) {
  const fake = fakeOrdersApi({ orders: [order], shipping: { provider: terminalProvider, ...shipping } });
  open(fake.api, order._id);
  return { fake, order };
}

/** Waits for the screen to have asked which provider the server has, and for the answer to land. */
async function providerAnswered(fake: ReturnType<typeof fakeOrdersApi>) {
  await waitFor(() => expect(fake.calls.some((c) => c.path === '/shipping/provider')).toBe(true));
  await new Promise((resolve) => setTimeout(resolve, 50));
}

const posts = (fake: ReturnType<typeof fakeOrdersApi>) =>
  fake.calls.filter((c) => c.method === 'POST').map((c) => ({ path: c.path, body: c.body }));

describe('booking a courier for an order', () => {
  it('is not offered when orders are shipped by hand', async () => {
    const order = testOrder();
    const fake = fakeOrdersApi({ orders: [order] });
    open(fake.api, order._id);
    expect(await screen.findByRole('button', { name: 'Ship' })).toBeVisible();
    await providerAnswered(fake);
    expect(screen.queryByRole('button', { name: 'Book a courier' })).not.toBeInTheDocument();
  });

  it('is not offered for a store pickup order', async () => {
    const pickup = testOrder({
      deliveryMethod: 'pickup',
      deliveryAddress: null,
      pickupAddress: '3 Broad St, Lagos',
      allowedActions: ['ready_for_pickup', 'cancel'],
    });
    const { fake } = withCarrier({}, pickup);
    expect(await screen.findByRole('button', { name: 'Mark ready for pickup' })).toBeVisible();
    await providerAnswered(fake);
    expect(screen.queryByRole('button', { name: 'Book a courier' })).not.toBeInTheDocument();
  });

  it('lists the rates in naira, books the chosen one and shows the label and tracking links', async () => {
    const { fake, order } = withCarrier();
    await userEvent.click(await screen.findByRole('button', { name: 'Book a courier' }));
    const dialog = await screen.findByRole('dialog', { name: 'Book a courier' });
    const gig = await within(dialog).findByRole('radio', { name: /GIG Logistics/ });
    expect(gig.closest('label')).toHaveTextContent('₦2,700.00');
    expect(gig.closest('label')).toHaveTextContent('Delivery: Within 3 days.');
    const dhl = within(dialog).getByRole('radio', { name: /DHL Express/ });
    expect(dhl.closest('label')).toHaveTextContent('₦6,450.50');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Book courier' }));
    expect(within(dialog).getByText('Choose a rate')).toBeVisible();
    expect(posts(fake).some((c) => c.path.endsWith('/book'))).toBe(false);

    await userEvent.click(dhl);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Book courier' }));

    expect(await screen.findByText('Booked with DHL Express', { selector: '[data-title]' })).toBeVisible();
    const booked = await screen.findByRole('dialog', { name: 'Booked with DHL Express' });
    expect(within(booked).getByRole('link', { name: 'Print shipping label' })).toHaveAttribute(
      'href',
      'https://labels.example.ng/RT-DHL-1.pdf',
    );
    expect(within(booked).getByRole('link', { name: 'Track the parcel' })).toHaveAttribute(
      'href',
      'https://track.example.ng/RT-DHL-1',
    );
    expect(posts(fake)).toEqual([
      { path: `/orders/${order._id}/shipping/quotes`, body: undefined },
      { path: `/orders/${order._id}/shipping/book`, body: { rateId: 'RT-DHL-1' } },
    ]);

    await userEvent.click(within(booked).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const payment = screen.getByRole('region', { name: 'Payment and delivery' });
    expect(within(payment).getByText('DHL Express')).toBeVisible();
    expect(within(payment).getByRole('link', { name: 'TRK-RT-DHL-1' })).toHaveAttribute(
      'href',
      'https://track.example.ng/RT-DHL-1',
    );
    expect(within(payment).getByRole('link', { name: 'Print shipping label' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Mark in transit' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Book a courier' })).not.toBeInTheDocument();
  });

  it('shows that rates are loading', async () => {
    const order = testOrder();
    const fake = fakeOrdersApi({ orders: [order], shipping: { provider: terminalProvider } });
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const api: ApiClient = {
      ...fake.api,
      post: (path, body, options) =>
        path.endsWith('/quotes')
          ? held.then(() => fake.api.post(path, body, options))
          : fake.api.post(path, body, options),
    };
    open(api, order._id);
    await userEvent.click(await screen.findByRole('button', { name: 'Book a courier' }));
    const dialog = await screen.findByRole('dialog', { name: 'Book a courier' });
    expect(within(dialog).getByRole('status')).toHaveTextContent('Getting rates from couriers');
    release();
    expect(await within(dialog).findByRole('radio', { name: /GIG Logistics/ })).toBeVisible();
  });

  it('shows a carrier’s refusal and offers shipping by hand instead', async () => {
    withCarrier({
      quotesFailure: { status: 502, message: 'Terminal Africa refused: Delivery address is out of coverage' },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Book a courier' }));
    const dialog = await screen.findByRole('dialog', { name: 'Book a courier' });
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Could not get rates');
    expect(alert).toHaveTextContent('Terminal Africa refused: Delivery address is out of coverage');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Ship by hand instead' }));
    const ship = await screen.findByRole('dialog', { name: 'Ship order' });
    expect(within(ship).getByLabelText('Carrier')).toBeVisible();
    expect(screen.queryByRole('dialog', { name: 'Book a courier' })).not.toBeInTheDocument();
  });

  it('says when no courier has a rate, with shipping by hand as the way on', async () => {
    withCarrier({ rates: [] });
    await userEvent.click(await screen.findByRole('button', { name: 'Book a courier' }));
    const dialog = await screen.findByRole('dialog', { name: 'Book a courier' });
    expect(await within(dialog).findByText('No courier can take this order right now')).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Ship by hand instead' })).toBeVisible();
  });

  it('when booking is refused, says why and gets new rates to try again', async () => {
    const { fake } = withCarrier({
      bookFailure: { status: 502, message: 'Terminal Africa refused: Rate has expired' },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Book a courier' }));
    const dialog = await screen.findByRole('dialog', { name: 'Book a courier' });
    await userEvent.click(await within(dialog).findByRole('radio', { name: /GIG Logistics/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Book courier' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('The courier could not be booked');
    expect(alert).toHaveTextContent('Terminal Africa refused: Rate has expired');
    expect(within(dialog).getByRole('button', { name: 'Ship by hand instead' })).toBeVisible();
    expect(fake.orders()[0]?.fulfilmentStatus).toBe('unfulfilled');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Get new rates' }));
    await userEvent.click(await within(dialog).findByRole('radio', { name: /GIG Logistics/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Book courier' }));
    expect(await screen.findByRole('dialog', { name: 'Booked with GIG Logistics' })).toBeVisible();
    expect(fake.orders()[0]?.fulfilmentStatus).toBe('shipped');
  });
});
