// size: the buyer's checkout and order pages over one fake checkout API, each rule a test
import {
  type BuyerOrder,
  type BuyerOrderResponse,
  buyNowBody,
  type CheckoutResponse,
  type DeliveryOptionsResponse,
  type Product,
  payOrderBody,
} from '@kasuwa/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { BuyerOrderPage } from '@/features/checkout/buyer-order-page';
import { BuyNowCheckoutPage } from '@/features/checkout/checkout-page';
import { SAVED_ADDRESS_KEY } from '@/features/checkout/saved-address';
import { testProduct } from '@/test/catalogue';
import { bodyCheck } from '@/test/contract-fake';
import { type Answer, type Call, fakeApiClient } from '@/test/in-memory-api';
import { renderRoutes } from '@/test/render-screen';

const PRODUCT_ID = '8e1c1f8e-0000-4000-8000-000000000001';
const ORDER_ID = '8e1c1f8e-0000-4000-8000-0000000000a1';
const STREAM_ID = '8e1c1f8e-0000-4000-8000-0000000000b1';
const SELLER_ID = '8e1c1f8e-0000-4000-8000-0000000000c1';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const gown = (): Product =>
  testProduct({
    _id: PRODUCT_ID,
    sellerId: SELLER_ID,
    name: 'Ankara gown',
    price: 15000,
    priceRange: { min: 15000, max: 15000 },
    options: [{ id: 'o1', name: 'Size', values: ['M', 'L'] }],
    variants: [
      { name: 'Size', value: 'M', price: null, totalStock: 3, images: [], subVariants: [] },
      { name: 'Size', value: 'L', price: null, totalStock: 0, images: [], subVariants: [] },
    ],
  });

const options = (over: Partial<DeliveryOptionsResponse> = {}): DeliveryOptionsResponse => ({
  storeName: 'Ngozi Wears',
  shipping: { enabled: true, fees: [{ state: 'Lagos', fee: 2500 }] },
  pickup: { enabled: true, address: '12 Allen Avenue, Ikeja' },
  payOnDelivery: { enabled: true, cap: 20000 },
  ...over,
});

function buyerOrder(over: Partial<BuyerOrder> = {}): BuyerOrder {
  return {
    _id: ORDER_ID,
    number: 'KSW-100234',
    createdAt: '2026-11-21T10:00:00.000Z',
    seller: { _id: SELLER_ID, storeName: 'Ngozi Wears' },
    lines: [
      {
        _id: 'l1',
        productId: PRODUCT_ID,
        name: 'Ankara gown',
        image: null,
        variant: [{ name: 'Size', value: 'M' }],
        unitPrice: 15000,
        quantity: 1,
        lineTotal: 15000,
      },
    ],
    subtotal: 15000,
    deliveryFee: 2500,
    total: 17500,
    paymentStatus: 'awaiting_payment',
    fulfilmentStatus: 'unfulfilled',
    paymentMethod: 'online',
    deliveryMethod: 'seller',
    deliveryAddress: null,
    pickupAddress: null,
    pickupCode: null,
    carrier: null,
    trackingNumber: null,
    trackingUrl: null,
    paymentDueAt: null,
    timeline: [],
    needsCheckout: false,
    ...over,
  };
}

const schemas = { 'POST /checkout/orders': buyNowBody, 'POST /checkout/orders/:id': payOrderBody };

function checkoutServer(opts: { options?: DeliveryOptionsResponse; onOrder?: (call: Call) => Answer } = {}) {
  const { refusal } = bodyCheck(schemas);
  return fakeApiClient((call) => {
    const refused = refusal(call);
    if (refused) return refused;
    if (call.method === 'GET' && call.path === `/products/${PRODUCT_ID}`)
      return { status: 200, body: gown() };
    if (call.method === 'GET' && call.path === `/checkout/sellers/${SELLER_ID}/options`)
      return { status: 200, body: opts.options ?? options() };
    if (call.method === 'POST' && call.path === '/checkout/orders' && opts.onOrder) return opts.onOrder(call);
    return { status: 404, body: { message: 'Not found' } };
  });
}

const buyUrl = (quantity = 1, size = 'M') =>
  `/checkout/buy?${new URLSearchParams({ productId: PRODUCT_ID, sellerId: SELLER_ID, quantity: String(quantity), variant: size, streamId: STREAM_ID })}`;

function renderCheckout(api: ReturnType<typeof fakeApiClient>['api'], url = buyUrl()) {
  const goTo = vi.fn<(url: string) => void>();
  const view = renderRoutes(url, [
    {
      path: '/checkout/buy',
      element: (
        <BuyNowCheckoutPage
          api={api}
          search={new URL(url, 'http://x').searchParams}
          onSessionExpired={() => {}}
          goTo={goTo}
        />
      ),
    },
  ]);
  return { ...view, goTo };
}

const saveLagosAddress = () =>
  localStorage.setItem(
    SAVED_ADDRESS_KEY,
    JSON.stringify({
      fullName: 'Chioma Okafor',
      phoneNumber: '+2348031234567',
      state: 'Lagos',
      city: 'Ikeja',
      addressLine1: '5 Allen Avenue',
      landmark: 'Opposite First Bank',
    }),
  );

async function chooseState(name: string) {
  const box = screen.getByRole('combobox', { name: 'State' });
  await userEvent.clear(box);
  await userEvent.type(box, name.slice(0, 4));
  await userEvent.click(await screen.findByRole('option', { name }));
}

describe('Checkout (Buy now)', () => {
  it('requires the address when the order is shipped', async () => {
    const { api, calls } = checkoutServer();
    renderCheckout(api);
    expect(await screen.findByText('Ankara gown')).toBeVisible();
    expect(screen.getByText('M')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Pay ₦15,000.00' }));
    expect(await screen.findByText('Full name is required')).toBeVisible();
    expect(screen.getByText('State is required')).toBeVisible();
    expect(screen.getByText('Address is required')).toBeVisible();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('says the store does not deliver to a state without a fee, and disables paying', async () => {
    const { api } = checkoutServer();
    renderCheckout(api);
    await screen.findByText('Ankara gown');
    await chooseState('Kano');
    expect(await screen.findByText(/Ngozi Wears does not deliver to Kano/)).toBeVisible();
    expect(screen.getByRole('button', { name: /^Pay / })).toBeDisabled();

    await chooseState('Lagos');
    expect(await screen.findByText('Delivery to Lagos: ₦2,500.00')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Pay ₦17,500.00' })).toBeEnabled();
  });

  it('explains pay on delivery when the total is over the seller’s cap', async () => {
    saveLagosAddress();
    const { api } = checkoutServer();
    renderCheckout(api, buyUrl(2));
    const pod = await screen.findByRole('radio', { name: /Pay on delivery/ });
    // 2 × ₦15,000 + ₦2,500 delivery is over the ₦20,000 cap.
    expect(pod).toBeDisabled();
    expect(screen.getByText('Only for orders up to ₦20,000.00; this one is ₦32,500.00.')).toBeVisible();
  });

  it('sends the contract’s body, retries with the same idempotency key, and goes to the payment page', async () => {
    saveLagosAddress();
    let attempts = 0;
    const { api, calls } = checkoutServer({
      onOrder: () => {
        attempts += 1;
        if (attempts === 1) return 'network-error';
        return {
          status: 201,
          body: {
            order: buyerOrder(),
            payment: { reference: 'ref-1', authorizationUrl: 'http://pay.test/checkout/ref-1' },
          } satisfies CheckoutResponse,
        };
      },
    });
    const { goTo } = renderCheckout(api);
    const pay = await screen.findByRole('button', { name: 'Pay ₦17,500.00' });
    await userEvent.click(pay);
    expect(await screen.findByRole('alert')).toHaveTextContent(/could not reach the server/);
    await userEvent.click(screen.getByRole('button', { name: 'Pay ₦17,500.00' }));
    await waitFor(() => expect(goTo).toHaveBeenCalledWith('http://pay.test/checkout/ref-1'));

    const posts = calls.filter((c) => c.method === 'POST' && c.path === '/checkout/orders');
    expect(posts).toHaveLength(2);
    expect(posts[0]?.body).toEqual({
      idempotencyKey: expect.stringMatching(UUID),
      productId: PRODUCT_ID,
      variant: [{ name: 'Size', value: 'M' }],
      quantity: 1,
      streamId: STREAM_ID,
      delivery: {
        method: 'seller',
        address: {
          fullName: 'Chioma Okafor',
          phoneNumber: '+2348031234567',
          state: 'Lagos',
          city: 'Ikeja',
          addressLine1: '5 Allen Avenue',
          landmark: 'Opposite First Bank',
        },
      },
      paymentMethod: 'online',
    });
    const keyOf = (call: Call | undefined) =>
      (call?.body as { idempotencyKey?: string } | undefined)?.idempotencyKey;
    expect(keyOf(posts[1])).toBe(keyOf(posts[0]));
  });

  it('places a pay-on-delivery pickup order and opens the order page', async () => {
    saveLagosAddress();
    const { api, calls } = checkoutServer({
      onOrder: () => ({
        status: 201,
        body: {
          order: buyerOrder({ paymentMethod: 'pay_on_delivery', paymentStatus: 'pay_on_delivery_pending' }),
          payment: null,
        } satisfies CheckoutResponse,
      }),
    });
    renderCheckout(api);
    await userEvent.click(await screen.findByRole('radio', { name: /Store pickup/ }));
    expect(screen.getByText('12 Allen Avenue, Ikeja')).toBeVisible();
    await userEvent.click(screen.getByRole('radio', { name: /Pay on delivery/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(`/my-orders/${ORDER_ID}`));
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toMatchObject({
      delivery: { method: 'pickup', contact: { fullName: 'Chioma Okafor', phoneNumber: '+2348031234567' } },
      paymentMethod: 'pay_on_delivery',
    });
  });

  it('shows the server’s refusal next to the button', async () => {
    saveLagosAddress();
    const { api } = checkoutServer({ onOrder: () => ({ status: 409, body: { message: 'Only 1 left' } }) });
    renderCheckout(api);
    await userEvent.click(await screen.findByRole('button', { name: 'Pay ₦17,500.00' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Only 1 left');
  });
});

function renderOrder(
  order: BuyerOrder | (() => BuyerOrder),
  reference: string | null,
  verified?: BuyerOrder,
) {
  const now = () => (typeof order === 'function' ? order() : order);
  const { api, calls } = fakeApiClient((call) => {
    if (call.path === `/checkout/orders/${ORDER_ID}/verify`)
      return { status: 200, body: { order: verified ?? now() } satisfies BuyerOrderResponse };
    if (call.path === `/checkout/orders/${ORDER_ID}`)
      return { status: 200, body: { order: now() } satisfies BuyerOrderResponse };
    return { status: 404, body: { message: 'Not found' } };
  });
  renderRoutes(`/my-orders/${ORDER_ID}`, [
    {
      path: '/my-orders/:orderId',
      element: (
        <BuyerOrderPage api={api} orderId={ORDER_ID} reference={reference} onSessionExpired={() => {}} />
      ),
    },
  ]);
  return { calls };
}

describe('The buyer’s order page', () => {
  it('verifies the payment reference first, then thanks the buyer', async () => {
    const { calls } = renderOrder(buyerOrder(), 'ref-1', buyerOrder({ paymentStatus: 'paid' }));
    expect(await screen.findByText('Thank you! Order KSW-100234 is paid')).toBeVisible();
    expect(calls[0]?.path).toBe(`/checkout/orders/${ORDER_ID}/verify`);
    expect(calls[0]?.query.get('reference')).toBe('ref-1');
    const steps = screen.getByRole('list', { name: 'Order progress' });
    expect(within(steps).getByText('Paid')).toHaveTextContent('Paid (done)');
  });

  it('says the payment was not completed and offers to try again', async () => {
    renderOrder(buyerOrder(), 'ref-1');
    expect(await screen.findByText('Payment not completed')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', `/checkout/${ORDER_ID}`);
  });

  it('shows the pickup code large for a pickup order', async () => {
    renderOrder(
      buyerOrder({
        deliveryMethod: 'pickup',
        paymentStatus: 'paid',
        fulfilmentStatus: 'ready_for_pickup',
        pickupCode: '482913',
        pickupAddress: '12 Allen Avenue, Ikeja',
        deliveryFee: 0,
        total: 15000,
      }),
      null,
    );
    expect(await screen.findByText('482913')).toBeVisible();
    expect(screen.getByText('Show this code at pickup.')).toBeVisible();
    expect(
      within(screen.getByRole('list', { name: 'Order progress' })).getByText(/Ready for pickup/),
    ).toHaveTextContent('(done)');
  });

  it('moves on by itself while it stays open, verifying the payment only once', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let current = buyerOrder({ paymentStatus: 'paid' });
      const { calls } = renderOrder(() => current, 'ref-1');
      expect(await screen.findByText('Thank you! Order KSW-100234 is paid')).toBeVisible();
      current = buyerOrder({
        paymentStatus: 'paid',
        fulfilmentStatus: 'shipped',
        carrier: 'Kwik',
        trackingNumber: 'KW-5521',
      });
      await vi.advanceTimersByTimeAsync(30_000);
      expect(await screen.findByText(/KW-5521/)).toBeVisible();
      expect(calls.filter((c) => c.path.endsWith('/verify'))).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
