import { createLiveAuctionBody, type Product } from '@kasuwa/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { emptyDraftValues, type LiveDraftValues, writeLiveDraft } from '@/features/live/live-draft';
import { LiveShowWizard } from '@/features/live/live-show-wizard';
import { SubmitLiveShow } from '@/features/live/submit-live-show';
import { CATEGORY_ID, liveApi, SELLER_ID, testProduct } from '@/features/live/testing';
import { renderRoutes } from '@/test/render-screen';

/* A live auction offers a product with variants per combination (issue 14). */

const AUCTION = '/dashboard/live-streams/create-live-auction';
const SUBMIT = '/dashboard/live-streams/submit-live-show';

const size = (value: string, price: number | null) => ({
  name: 'Size',
  value,
  price,
  stock: 2,
  images: [],
  subSubVariants: [],
});

/** An Ankara dress in Red M (the base price) and Red L (dearer), set up for auction. */
function ankaraDress(): Product {
  return testProduct({
    name: 'Ankara dress',
    price: 15000,
    priceRange: { min: 15000, max: 18000 },
    stock: 4,
    saleType: { buyNow: true, auction: { startingBid: 12000, reservePrice: 16000 } },
    options: [
      { id: 'o1', name: 'Colour', values: ['Red'] },
      { id: 'o2', name: 'Size', values: ['M', 'L'] },
    ],
    variants: [
      {
        name: 'Colour',
        value: 'Red',
        price: null,
        totalStock: 4,
        images: ['/api/media/products/red.webp'],
        subVariants: [size('M', null), size('L', 18000)],
      },
    ],
  });
}

const redM = [
  { name: 'Colour', value: 'Red' },
  { name: 'Size', value: 'M' },
];
const redL = [
  { name: 'Colour', value: 'Red' },
  { name: 'Size', value: 'L' },
];

/** Details and start filled in already, so the products step is what the test is about. */
function draftWith(overrides: Partial<LiveDraftValues> = {}) {
  writeLiveDraft(SELLER_ID, 'live_auction', {
    ...emptyDraftValues,
    title: 'Ankara Friday',
    category: CATEGORY_ID,
    scheduledStartTime: '2030-05-01T18:30:00.000Z',
    ...overrides,
  });
}

function open(fake: ReturnType<typeof liveApi>) {
  return renderRoutes(`${AUCTION}?step=products`, [
    { path: AUCTION, element: <LiveShowWizard kind="live_auction" sellerId={SELLER_ID} api={fake.api} /> },
    { path: SUBMIT, element: <SubmitLiveShow kind="live_auction" sellerId={SELLER_ID} api={fake.api} /> },
  ]);
}

const where = () => screen.getByTestId('where').textContent;

describe('live auction wizard: products with variants', () => {
  it('puts two variants of one product under the hammer, each with its own starting bid, and posts them', async () => {
    const dress = ankaraDress();
    const fake = liveApi({ products: [dress] });
    draftWith();
    open(fake);

    // A product with variants is not added whole: the seller opens it and picks combinations.
    expect(screen.queryByRole('button', { name: 'Add Ankara dress' })).not.toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Choose variants of Ankara dress' }));
    const variants = screen.getByRole('list', { name: 'Variants of Ankara dress' });
    expect(within(variants).getByText('Red / M')).toBeVisible();
    await userEvent.click(within(variants).getByRole('button', { name: 'Add Ankara dress — Red / M' }));
    await userEvent.click(within(variants).getByRole('button', { name: 'Add Ankara dress — Red / L' }));

    // Each combination once: both now read as added.
    expect(within(variants).queryByRole('button', { name: /^Add / })).not.toBeInTheDocument();
    expect(within(variants).getAllByText('Added')).toHaveLength(2);
    expect(screen.getByText('In this show (2)')).toBeVisible();
    const m = screen.getByRole('button', { name: /^Auction settings for Ankara dress — Red \/ M/ });
    const l = screen.getByRole('button', { name: /^Auction settings for Ankara dress — Red \/ L/ });
    // The starting bid defaults from the combination's own price; a reserve below it is dropped.
    expect(m.textContent).toContain('Starting bid ₦15,000.00 · 30 s · counter-bid 10 s · reserve ₦16,000.00');
    expect(l.textContent).toContain('Starting bid ₦18,000.00 · 30 s · counter-bid 10 s');
    expect(l.textContent).not.toContain('reserve');

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(where()).toBe(`${AUCTION}?step=schedule`));
    await userEvent.click(screen.getByRole('button', { name: 'Review' }));
    await waitFor(() => expect(where()).toBe(`${SUBMIT}?type=live_auction`));

    const review = await screen.findByRole('region', { name: 'Products (2)' });
    expect(within(review).getByText('Ankara dress — Red / M')).toBeVisible();
    expect(within(review).getByText('Ankara dress — Red / L')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Schedule show' }));

    await waitFor(() => expect(where()).toBe('/dashboard/live-streams/scheduled-shows'));
    const post = fake.calls.find((c) => c.method === 'POST' && c.path === '/streams/create');
    expect(createLiveAuctionBody.parse(post?.body).products).toEqual([
      {
        productId: dress._id,
        variant: redM,
        auctionSettings: {
          startingBid: 15000,
          durationSeconds: 30,
          counterBidSeconds: 10,
          suddenDeath: false,
          reservePrice: 16000,
        },
      },
      {
        productId: dress._id,
        variant: redL,
        auctionSettings: {
          startingBid: 18000,
          durationSeconds: 30,
          counterBidSeconds: 10,
          suddenDeath: false,
        },
      },
    ]);
  });

  it('removes one variant and keeps the other, with its name', async () => {
    const dress = ankaraDress();
    draftWith();
    open(liveApi({ products: [dress] }));
    await userEvent.click(await screen.findByRole('button', { name: 'Choose variants of Ankara dress' }));
    const variants = screen.getByRole('list', { name: 'Variants of Ankara dress' });
    await userEvent.click(within(variants).getByRole('button', { name: 'Add Ankara dress — Red / M' }));
    await userEvent.click(within(variants).getByRole('button', { name: 'Add Ankara dress — Red / L' }));

    await userEvent.click(screen.getByRole('button', { name: 'Remove Ankara dress — Red / M' }));
    expect(screen.getByText('In this show (1)')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Remove Ankara dress — Red / L' })).toBeVisible();
    expect(within(variants).getByRole('button', { name: 'Add Ankara dress — Red / M' })).toBeVisible();
  });

  it('says each product (or variant of one) can be added once when a draft holds one twice', async () => {
    const dress = ankaraDress();
    const row = {
      productId: dress._id,
      variant: redM,
      auctionSettings: {
        startingBid: '15000',
        durationSeconds: '30',
        counterBidSeconds: '10',
        suddenDeath: false,
        reservePrice: '',
      },
    };
    const summary = {
      productId: dress._id,
      variant: redM,
      name: 'Ankara dress — Red / M',
      price: 15000,
      image: null,
    };
    draftWith({ products: [row, row], selectedProducts: [summary, summary] });
    open(liveApi({ products: [dress] }));

    await userEvent.click(await screen.findByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Each product (or variant of one) can be added once')).toBeVisible();
    expect(where()).toBe(`${AUCTION}?step=products`);
  });

  it('adds a product without variants whole, as before', async () => {
    const bag = testProduct({
      name: 'Leather bag',
      saleType: { buyNow: false, auction: { startingBid: 12000 } },
    });
    const fake = liveApi({ products: [bag, ankaraDress()] });
    draftWith();
    open(fake);
    await userEvent.click(await screen.findByRole('button', { name: 'Add Leather bag' }));
    expect(screen.getByRole('button', { name: /^Auction settings for Leather bag/ }).textContent).toContain(
      'Starting bid ₦12,000.00',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(where()).toBe(`${AUCTION}?step=schedule`));
  });
});
