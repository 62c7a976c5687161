import { PRODUCT_PINNED_EVENT, type TrayProduct, type TrayResponse } from '@kasuwa/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/app/providers';
import type { BuyItem } from '@/features/watch/checkout-link';
import { WatchShop } from '@/features/watch/product-tray';
import { FakeLiveSocket } from '@/test/fake-live-socket';
import { fakeApiClient } from '@/test/in-memory-api';
import { STREAM_ID } from '@/test/live-fixtures';

const GOWN = '5d2b7a3e-0000-4000-8000-000000000001';
const GELE = '5d2b7a3e-0000-4000-8000-000000000002';

/** A gown in Red (M, L) and Blue (M); Red/L is sold out, Blue costs more and has its own photo. */
function gown(): TrayProduct {
  return {
    productId: GOWN,
    name: 'Ankara gown',
    image: '/gown.webp',
    price: 15000,
    maxPrice: 16500,
    stock: 4,
    buyNow: true,
    options: [
      { name: 'Colour', values: ['Red', 'Blue'] },
      { name: 'Size', values: ['M', 'L'] },
    ],
    combinations: [
      {
        variant: [
          { name: 'Colour', value: 'Red' },
          { name: 'Size', value: 'M' },
        ],
        price: 15000,
        stock: 3,
        image: null,
      },
      {
        variant: [
          { name: 'Colour', value: 'Red' },
          { name: 'Size', value: 'L' },
        ],
        price: 15000,
        stock: 0,
        image: null,
      },
      {
        variant: [
          { name: 'Colour', value: 'Blue' },
          { name: 'Size', value: 'M' },
        ],
        price: 16500,
        stock: 1,
        image: '/blue.webp',
      },
    ],
    sellerId: 'seller-1',
  };
}
const gele = (): TrayProduct => ({
  productId: GELE,
  name: 'Gele headtie',
  image: null,
  price: 4000,
  maxPrice: 4000,
  stock: 0,
  buyNow: true,
  options: [],
  combinations: [{ variant: [], price: 4000, stock: 0, image: null }],
  sellerId: 'seller-1',
});

function renderShop(tray: TrayResponse) {
  const { api, calls } = fakeApiClient((call) =>
    call.method === 'GET' && call.path === `/streams/${STREAM_ID}/tray`
      ? { status: 200, body: tray satisfies TrayResponse }
      : { status: 404, body: { message: 'Not found' } },
  );
  const socket = new FakeLiveSocket();
  const onCheckout = vi.fn<(item: BuyItem) => void>();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <WatchShop api={api} streamId={STREAM_ID} socket={socket} onCheckout={onCheckout} />
    </QueryClientProvider>,
  );
  return { socket, calls, onCheckout };
}

describe('The show shop on the watch page', () => {
  it('lists the tray with prices and Sold out, and Buy now opens the buy sheet', async () => {
    const { onCheckout } = renderShop({ products: [gown(), gele()], pinnedProductId: null });
    await userEvent.click(await screen.findByRole('button', { name: 'Shop · 2 products' }));
    const tray = await screen.findByRole('dialog', { name: 'Shop this show' });
    expect(within(tray).getByText('₦15,000.00–₦16,500.00')).toBeVisible();
    expect(within(tray).getByText('Sold out')).toBeVisible();
    // The sold-out gele has no Buy now.
    expect(within(tray).queryByRole('button', { name: 'Buy Gele headtie now' })).not.toBeInTheDocument();

    await userEvent.click(within(tray).getByRole('button', { name: 'Buy Ankara gown now' }));
    const sheet = await screen.findByRole('dialog', { name: 'Ankara gown' });
    await userEvent.click(within(sheet).getByRole('button', { name: 'Red' }));
    await userEvent.click(within(sheet).getByRole('button', { name: 'M' }));
    await userEvent.click(within(sheet).getByRole('button', { name: 'One more' }));
    await userEvent.click(within(sheet).getByRole('button', { name: 'Continue to checkout' }));
    expect(onCheckout).toHaveBeenCalledWith({
      productId: GOWN,
      sellerId: 'seller-1',
      variant: [
        { name: 'Colour', value: 'Red' },
        { name: 'Size', value: 'M' },
      ],
      quantity: 2,
      streamId: STREAM_ID,
    });
  });

  it('disables sold-out combinations and shows the chosen one’s price, stock and photo', async () => {
    renderShop({ products: [gown()], pinnedProductId: null });
    await userEvent.click(await screen.findByRole('button', { name: 'Shop · 1 product' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Buy Ankara gown now' }));
    const sheet = await screen.findByRole('dialog', { name: 'Ankara gown' });
    expect(within(sheet).getByRole('button', { name: 'Choose colour' })).toBeDisabled();

    await userEvent.click(within(sheet).getByRole('button', { name: 'Red' }));
    expect(within(sheet).getByRole('button', { name: 'L' })).toBeDisabled();
    expect(within(sheet).getByRole('button', { name: 'M' })).toBeEnabled();

    await userEvent.click(within(sheet).getByRole('button', { name: 'Blue' }));
    // Blue comes only in M: L stays disabled, and M is chosen by picking it.
    expect(within(sheet).getByRole('button', { name: 'L' })).toBeDisabled();
    await userEvent.click(within(sheet).getByRole('button', { name: 'M' }));
    expect(within(sheet).getByText('₦16,500.00')).toBeVisible();
    expect(within(sheet).getByText('Only 1 left')).toBeVisible();
    expect(within(sheet).getByRole('img', { name: 'Ankara gown' })).toHaveAttribute('src', '/blue.webp');
    // One left: the stepper stops at one.
    expect(within(sheet).getByRole('button', { name: 'One more' })).toBeDisabled();
  });

  it('slides the pinned product up on product_pinned and away when unpinned', async () => {
    const { socket } = renderShop({ products: [gown(), gele()], pinnedProductId: null });
    await screen.findByRole('button', { name: 'Shop · 2 products' });
    expect(screen.queryByRole('region', { name: 'Pinned product' })).not.toBeInTheDocument();

    act(() => socket.serverSends(PRODUCT_PINNED_EVENT, { streamId: STREAM_ID, productId: GOWN }));
    const card = await screen.findByRole('region', { name: 'Pinned product' });
    expect(within(card).getByText('Ankara gown')).toBeVisible();
    expect(within(card).getByRole('button', { name: 'Buy now' })).toBeVisible();

    // Another show's pin changes nothing here.
    act(() => socket.serverSends(PRODUCT_PINNED_EVENT, { streamId: 'other', productId: null }));
    expect(screen.getByRole('region', { name: 'Pinned product' })).toBeInTheDocument();

    act(() => socket.serverSends(PRODUCT_PINNED_EVENT, { streamId: STREAM_ID, productId: null }));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Pinned product' })).not.toBeInTheDocument(),
    );
  });

  it('shows the product pinned before the viewer arrived', async () => {
    renderShop({ products: [gown()], pinnedProductId: GOWN });
    const card = await screen.findByRole('region', { name: 'Pinned product' });
    await userEvent.click(within(card).getByRole('button', { name: 'Buy now' }));
    expect(await screen.findByRole('dialog', { name: 'Ankara gown' })).toBeVisible();
  });
});
