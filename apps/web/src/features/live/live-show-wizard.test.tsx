// size: one wizard driven step by step through one rendered form (details, media, products, schedule, its draft and its submit page)
import type { StreamType } from '@kasuwa/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSearchParams } from 'react-router';
import { describe, expect, it } from 'vitest';
import { liveDraftKey } from '@/features/live/live-draft';
import { showKindFrom } from '@/features/live/live-paths';
import { LiveShowWizard } from '@/features/live/live-show-wizard';
import { SubmitLiveShow } from '@/features/live/submit-live-show';
import {
  CATEGORY_ID,
  fakeUpload,
  liveApi,
  SELLER_ID,
  SUB_CATEGORY_ID,
  testProduct,
} from '@/features/live/testing';
import { ApiError } from '@/lib/api-client';
import { renderRoutes } from '@/test/render-screen';

type Fake = ReturnType<typeof liveApi>;

const SHOW = '/dashboard/live-streams/create-live-show';
const AUCTION = '/dashboard/live-streams/create-live-auction';
const SUBMIT = '/dashboard/live-streams/submit-live-show';

function open(fake: Fake, kind: StreamType, upload = fakeUpload().upload, path?: string) {
  return renderRoutes(path ?? (kind === 'live_auction' ? AUCTION : SHOW), [
    {
      path: SHOW,
      element: <LiveShowWizard kind="live_show" sellerId={SELLER_ID} api={fake.api} upload={upload} />,
    },
    {
      path: AUCTION,
      element: <LiveShowWizard kind="live_auction" sellerId={SELLER_ID} api={fake.api} upload={upload} />,
    },
    { path: SUBMIT, element: <SubmitScreen fake={fake} /> },
  ]);
}

/** As the submit route does: the kind of show comes from the URL. */
function SubmitScreen({ fake }: { fake: Fake }) {
  const [search] = useSearchParams();
  const kind = showKindFrom(search);
  return <SubmitLiveShow key={kind} kind={kind} sellerId={SELLER_ID} api={fake.api} />;
}

const where = () => screen.getByTestId('where').textContent;
const next = () => userEvent.click(screen.getByRole('button', { name: 'Next' }));
/** Next, then waits until the wizard shows the step. */
async function nextTo(step: string) {
  await next();
  await waitFor(() => expect(where()).toMatch(new RegExp(`step=${step}$`)));
}

async function fillDetails(title = 'Friday Ankara drop') {
  await userEvent.type(screen.getByLabelText('Title'), title);
  await userEvent.type(screen.getByLabelText('Description'), 'New wax prints, all sizes.');
  await userEvent.selectOptions(await screen.findByLabelText('Category'), 'Fashion');
  await userEvent.selectOptions(screen.getByLabelText('Sub-category'), 'Women’s clothing');
  await userEvent.type(screen.getByLabelText('Tags'), 'ankara{Enter}lace{Enter}');
}

/** Unfolds a product's auction settings and returns them. */
async function openSettings(name: string) {
  await userEvent.click(screen.getByRole('button', { name: new RegExp(`^Auction settings for ${name}`) }));
  return screen.getByRole('group', { name: `Auction settings for ${name}` });
}

function setStart(localValue: string) {
  fireEvent.change(screen.getByLabelText('Start date and time'), { target: { value: localValue } });
}

describe('the create live show and live auction wizards', () => {
  it('shows what is missing under each field and stays on the step', async () => {
    open(liveApi(), 'live_show');
    await screen.findByLabelText('Category');
    await next();

    expect(await screen.findByText('Title is required')).toBeVisible();
    expect(screen.getByText('Choose a category')).toBeVisible();
    expect(screen.getByLabelText('Title').getAttribute('aria-invalid')).toBe('true');
    expect(where()).toBe(SHOW);
  });

  it('keeps every step when going back, and the draft when the wizard is opened again', async () => {
    const fake = liveApi();
    const { upload, sent } = fakeUpload();
    const first = open(fake, 'live_show', upload);
    await fillDetails();
    await next();
    await waitFor(() => expect(where()).toBe(`${SHOW}?step=media`));

    const cover = new File(['img'], 'cover.jpg', { type: 'image/jpeg' });
    await userEvent.upload(screen.getByLabelText('Choose cover photo'), cover);
    expect(await screen.findByRole('button', { name: 'Remove cover photo' })).toBeVisible();
    expect(sent).toEqual(['coverImage']);

    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Friday Ankara drop');
    expect((screen.getByLabelText('Sub-category') as HTMLSelectElement).value).toBe(SUB_CATEGORY_ID);
    expect(screen.getByRole('button', { name: 'Remove tag lace' })).toBeVisible();

    // A reload: the wizard goes away and comes back.
    first.unmount();
    open(fake, 'live_show', upload, `${SHOW}?step=media`);
    expect(await screen.findByText(/We kept your draft from/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Remove cover photo' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(((await screen.findByLabelText('Title')) as HTMLInputElement).value).toBe('Friday Ankara drop');
    expect(((await screen.findByLabelText('Category')) as HTMLSelectElement).value).toBe(CATEGORY_ID);
    expect(screen.getByRole('button', { name: 'Remove tag ankara' })).toBeVisible();
  });

  it('refuses a preview video over the cap before sending it, and retries a failed upload', async () => {
    const { upload, sent } = fakeUpload();
    let failures = 1;
    const flaky = ((...args: Parameters<typeof upload>) => {
      if (failures-- > 0)
        return Promise.reject(new ApiError({ status: 0, kind: 'network', message: 'No connection' }));
      return upload(...args);
    }) as typeof upload;
    open(liveApi(), 'live_show', flaky, `${SHOW}?step=media`);

    const big = new File(['x'], 'long.mp4', { type: 'video/mp4' });
    Object.defineProperty(big, 'size', { value: 51 * 1024 * 1024 });
    await userEvent.upload(screen.getByLabelText('Choose preview video'), big);
    expect(await screen.findByText('The video must be at most 50 MB')).toBeVisible();
    expect(sent).toEqual([]);

    // A dropped connection keeps the video's place with Retry (a cover photo would wait on the phone
    // and go up with the show: lib/outbox.ts).
    await userEvent.upload(
      screen.getByLabelText('Choose preview video'),
      new File(['v'], 'clip.mp4', { type: 'video/mp4' }),
    );
    expect(await screen.findByText('No connection')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Retry upload' }));
    expect(await screen.findByRole('button', { name: 'Remove preview video' })).toBeVisible();
    expect(sent).toEqual(['video']);
  });

  it('forgets the draft on Start over', async () => {
    const fake = liveApi();
    const first = open(fake, 'live_show');
    await userEvent.type(screen.getByLabelText('Title'), 'Old idea');
    first.unmount();
    open(fake, 'live_show');
    await userEvent.click(await screen.findByRole('button', { name: 'Start over' }));
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('');
    expect(localStorage.getItem(liveDraftKey(SELLER_ID, 'live_show'))).toBeNull();
  });

  it('explains each auction setting and says what is wrong with it', async () => {
    const dress = testProduct({
      name: 'Aso-oke set',
      saleType: { buyNow: true, auction: { startingBid: 5000 } },
    });
    open(liveApi({ products: [dress] }), 'live_auction', undefined, `${AUCTION}?step=products`);
    await userEvent.click(await screen.findByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Add at least one product to auction')).toBeVisible();

    await userEvent.click(await screen.findByRole('button', { name: 'Add Aso-oke set' }));
    const toggle = screen.getByRole('button', { name: /^Auction settings for Aso-oke set/ });
    expect(toggle.textContent).toContain('Starting bid ₦5,000.00 · 30 s · counter-bid 10 s');
    expect(screen.queryByRole('group', { name: 'Auction settings for Aso-oke set' })).not.toBeInTheDocument();
    const settings = await openSettings('Aso-oke set');
    expect((within(settings).getByLabelText('Starting bid') as HTMLInputElement).value).toBe('5000');
    expect((within(settings).getByLabelText('Duration') as HTMLInputElement).value).toBe('30');
    expect((within(settings).getByLabelText('Counter-bid time') as HTMLInputElement).value).toBe('10');
    expect(within(settings).getByText(/the clock goes back up to it/)).toBeVisible();

    await userEvent.clear(within(settings).getByLabelText('Starting bid'));
    await userEvent.clear(within(settings).getByLabelText('Duration'));
    await userEvent.type(within(settings).getByLabelText('Duration'), '8');
    await userEvent.type(within(settings).getByLabelText('Reserve price'), 'abc');
    await next();

    expect(await within(settings).findByText('Enter a starting bid')).toBeVisible();
    expect(within(settings).getByText('Duration must be at least 10 seconds')).toBeVisible();
    expect(within(settings).getByText('Enter a number')).toBeVisible();
    expect(where()).toBe(`${AUCTION}?step=products`);
    // Settings that need attention stay unfolded.
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');

    await userEvent.type(within(settings).getByLabelText('Starting bid'), '5000');
    await userEvent.clear(within(settings).getByLabelText('Duration'));
    await userEvent.type(within(settings).getByLabelText('Duration'), '20');
    await userEvent.clear(within(settings).getByLabelText('Counter-bid time'));
    await userEvent.type(within(settings).getByLabelText('Counter-bid time'), '25');
    await userEvent.clear(within(settings).getByLabelText('Reserve price'));
    await userEvent.type(within(settings).getByLabelText('Reserve price'), '4000');
    await next();
    expect(
      await within(settings).findByText('Counter-bid time cannot be longer than the duration'),
    ).toBeVisible();
    expect(within(settings).getByText('Reserve price cannot be below the starting bid')).toBeVisible();
  });

  it('posts exactly the live auction the seller set up, with each product’s settings', async () => {
    const dress = testProduct({
      name: 'Aso-oke set',
      images: ['/api/media/products/aso.webp'],
      saleType: { buyNow: true, auction: { startingBid: 5000 } },
    });
    const bag = testProduct({
      name: 'Leather bag',
      saleType: { buyNow: false, auction: { startingBid: 12000 } },
    });
    const notForAuction = testProduct({ name: 'Plain tee' });
    const fake = liveApi({ products: [dress, bag, notForAuction] });
    open(fake, 'live_auction');

    await fillDetails('Saturday auction');
    await nextTo('media');
    await userEvent.upload(
      await screen.findByLabelText('Choose cover photo'),
      new File(['img'], 'cover.jpg', { type: 'image/jpeg' }),
    );
    await screen.findByRole('button', { name: 'Remove cover photo' });
    await nextTo('products');

    expect(await screen.findByRole('button', { name: 'Add Leather bag' })).toBeVisible();
    expect(screen.queryByText('Plain tee')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add Aso-oke set' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add Leather bag' }));

    const first = await openSettings('Aso-oke set');
    await userEvent.clear(within(first).getByLabelText('Starting bid'));
    await userEvent.type(within(first).getByLabelText('Starting bid'), '4,500');
    await userEvent.clear(within(first).getByLabelText('Duration'));
    await userEvent.type(within(first).getByLabelText('Duration'), '45');
    await userEvent.clear(within(first).getByLabelText('Counter-bid time'));
    await userEvent.type(within(first).getByLabelText('Counter-bid time'), '15');
    await userEvent.type(within(first).getByLabelText('Reserve price'), '8000');

    const second = await openSettings('Leather bag');
    await userEvent.click(within(second).getByRole('switch', { name: 'Sudden death' }));
    expect(within(second).queryByLabelText('Counter-bid time')).not.toBeInTheDocument();
    await nextTo('schedule');

    setStart('2030-05-01T19:30');
    expect(await screen.findByText(/\(Lagos time\)/)).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Review' }));
    await waitFor(() => expect(where()).toBe(`${SUBMIT}?type=live_auction`));

    expect(await screen.findByRole('heading', { name: 'Saturday auction' })).toBeVisible();
    expect(
      screen.getByText(/Starting bid ₦4,500.00 · 45 s · counter-bid 15 s · reserve ₦8,000.00/),
    ).toBeVisible();
    expect(screen.getByText(/Starting bid ₦12,000.00 · 30 s · Sudden death/)).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Schedule show' }));

    await waitFor(() => expect(where()).toBe('/dashboard/live-streams/scheduled-shows'));
    const posted = fake.calls.filter((c) => c.method === 'POST' && c.path.startsWith('/streams/'));
    expect(posted.map((c) => c.path)).toEqual(['/streams/create']);
    expect(posted[0]?.body).toEqual({
      title: 'Saturday auction',
      description: 'New wax prints, all sizes.',
      category: CATEGORY_ID,
      subCategory: SUB_CATEGORY_ID,
      tags: ['ankara', 'lace'],
      coverImage: '/api/media/streams/coverImage-1.webp',
      scheduledStartTime: new Date('2030-05-01T19:30').toISOString(),
      startImmediately: false,
      products: [
        {
          productId: dress._id,
          auctionSettings: {
            startingBid: 4500,
            durationSeconds: 45,
            counterBidSeconds: 15,
            suddenDeath: false,
            reservePrice: 8000,
          },
        },
        {
          productId: bag._id,
          auctionSettings: {
            startingBid: 12000,
            durationSeconds: 30,
            counterBidSeconds: 10,
            suddenDeath: true,
          },
        },
      ],
    });
    expect(await screen.findByText('Livestream scheduled successfully')).toBeVisible();
    expect(localStorage.getItem(liveDraftKey(SELLER_ID, 'live_auction'))).toBeNull();
  });

  it('shows the price range a product’s variants make in the product picker', async () => {
    const fake = liveApi({
      products: [
        testProduct({ name: 'Gele', price: 15000, priceRange: { min: 15000, max: 16500 } }),
        testProduct({ name: 'Fila', price: 4000 }),
      ],
    });
    open(fake, 'live_show');
    await userEvent.type(screen.getByLabelText('Title'), 'Quick sale');
    await userEvent.selectOptions(await screen.findByLabelText('Category'), 'Fashion');
    await nextTo('media');
    await nextTo('products');
    const picker = await screen.findByRole('list', { name: 'Products to add' });
    const item = (name: string) => within(picker).getByText(name).closest('li') as HTMLElement;
    expect(within(item('Gele')).getByText(/^₦15,000\.00–₦16,500\.00/)).toBeVisible();
    expect(within(item('Fila')).getByText(/^₦4,000\.00 ·/)).toBeVisible();
  });

  it('starts an open live show immediately and opens the studio', async () => {
    const fake = liveApi({ products: [testProduct({ name: 'Gele' })] });
    open(fake, 'live_show');
    await userEvent.type(screen.getByLabelText('Title'), 'Quick sale');
    await userEvent.selectOptions(await screen.findByLabelText('Category'), 'Fashion');
    await nextTo('media');
    await nextTo('products');
    await userEvent.click(await screen.findByRole('button', { name: 'Add Gele' }));
    expect(screen.queryByRole('group', { name: /Auction settings/ })).not.toBeInTheDocument();
    await nextTo('schedule');
    await userEvent.click(screen.getByLabelText(/Start immediately/));
    await userEvent.click(screen.getByRole('button', { name: 'Review' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Submit and go live' }));

    await waitFor(() => expect(where()).toMatch(/^\/dashboard\/live-streams\/live-stream-studio\//));
    const post = fake.calls.find((c) => c.method === 'POST' && c.path === '/streams/open-live-show');
    expect(post?.body).toEqual({
      title: 'Quick sale',
      description: '',
      category: CATEGORY_ID,
      tags: [],
      startImmediately: true,
      products: [{ productId: expect.any(String) }],
    });
  });

  it('refuses a start time in the past', async () => {
    open(liveApi(), 'live_show', undefined, `${SHOW}?step=schedule`);
    setStart('2020-01-01T10:00');
    expect(await screen.findByText('Choose a time in the future')).toBeVisible();
  });
});

describe('the submit page', () => {
  async function reachSubmit(fake: Fake) {
    open(fake, 'live_show');
    await fillDetails('Evening show');
    await nextTo('media');
    await nextTo('products');
    await nextTo('schedule');
    setStart('2030-05-01T19:30');
    await userEvent.click(screen.getByRole('button', { name: 'Review' }));
    return screen.findByRole('button', { name: 'Schedule show' });
  }

  it('shows the server’s message and puts its issues under the field', async () => {
    const fake = liveApi({
      override: (call) =>
        call.method === 'POST' && call.path === '/streams/open-live-show'
          ? {
              status: 400,
              body: {
                message: 'Title is already used by another show',
                issues: [{ path: 'title', message: 'Title is already used by another show' }],
              },
            }
          : undefined,
    });
    await userEvent.click(await reachSubmit(fake));

    expect(await screen.findByText('Error scheduling livestream')).toBeVisible();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('link', { name: 'Details' }).getAttribute('href')).toBe(
      `${SHOW}?step=details`,
    );
    const details = screen.getByRole('region', { name: 'Details' });
    expect(within(details).getByText('Title is already used by another show')).toBeVisible();
    expect(where()).toBe(`${SUBMIT}?type=live_show`);
  });

  it('goes back to a step to edit it, with everything still there', async () => {
    await reachSubmit(liveApi());
    await userEvent.click(screen.getByRole('link', { name: 'Edit details' }));

    await waitFor(() => expect(where()).toBe(`${SHOW}?step=details`));
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Evening show');
    // Coming back from the review is not a restored draft.
    expect(screen.queryByText(/We kept your draft from/)).not.toBeInTheDocument();
  });

  it('falls back to the default message when the server gives none', async () => {
    const fake = liveApi({
      override: (call) =>
        call.method === 'POST' && call.path === '/streams/open-live-show'
          ? { status: 500, body: {} }
          : undefined,
    });
    await userEvent.click(await reachSubmit(fake));
    expect(await screen.findByText('Error scheduling livestream')).toBeVisible();
    expect(screen.getByText('Failed to schedule livestream')).toBeVisible();
  });

  it('says there is nothing to submit without a draft', async () => {
    renderRoutes(`${SUBMIT}?type=live_auction`, [
      {
        path: SUBMIT,
        element: <SubmitLiveShow kind="live_auction" sellerId={SELLER_ID} api={liveApi().api} />,
      },
    ]);
    expect(screen.getByText('Nothing to submit yet')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Create a live auction' }).getAttribute('href')).toBe(AUCTION);
  });
});
