// size: the buyer's return journey — the order page's entry, the request (items, reasons, photos with progress), and the return page's steps
import type { BuyerOrder, BuyerOrderResponse } from '@kasuwa/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useParams } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BuyerOrderPage } from '@/features/checkout/buyer-order-page';
import { BuyerReturnEntry } from '@/features/returns/buyer-return-entry';
import { BuyerReturnPage } from '@/features/returns/buyer-return-page';
import { BuyerReturnRequestPage } from '@/features/returns/buyer-return-request';
import { buyerReturnPhotoUploader, type ReturnPhotoUploader } from '@/features/returns/returns-api';
import { fakeXhrClass } from '@/test/fake-xhr';
import type { Override } from '@/test/in-memory-api';
import { renderRoutes } from '@/test/render-screen';
import {
  buyerViewOf,
  fakeReturnsApi,
  heldUploader,
  RETURN_LINE_ID,
  RETURN_ORDER_ID,
  returnTestId,
  SECOND_LINE_ID,
  testReturn,
  testReturnOptions,
} from '@/test/returns';

afterEach(() => {
  vi.unstubAllGlobals();
});

function deliveredOrder(over: Partial<BuyerOrder> = {}): BuyerOrder {
  return {
    _id: RETURN_ORDER_ID,
    number: 'KSW-200100',
    createdAt: '2026-11-20T10:00:00.000Z',
    seller: { _id: returnTestId(950001), storeName: 'Ngozi Wears' },
    lines: [
      {
        _id: RETURN_LINE_ID,
        productId: returnTestId(1),
        name: 'Ankara wrap dress',
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
    paymentStatus: 'paid',
    fulfilmentStatus: 'delivered',
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

const orderAnswer =
  (order: BuyerOrder): Override =>
  (call) =>
    call.method === 'GET' && call.path === `/checkout/orders/${order._id}`
      ? { status: 200, body: { order } satisfies BuyerOrderResponse }
      : undefined;

/** The buyer's pages as the routes compose them (app/routes/my-orders, my-returns). */
function openBuyer(fake: ReturnType<typeof fakeReturnsApi>, path: string, upload: ReturnPhotoUploader) {
  const expired = vi.fn();
  const view = renderRoutes(path, [
    {
      path: '/my-orders/:orderId',
      element: (
        <BuyerOrderPage
          api={fake.api}
          orderId={RETURN_ORDER_ID}
          reference={null}
          onSessionExpired={expired}
          returnsSlot={(order) =>
            order.fulfilmentStatus === 'delivered' ? (
              <BuyerReturnEntry api={fake.api} orderId={order._id} />
            ) : null
          }
        />
      ),
    },
    {
      path: '/my-orders/:orderId/return',
      element: (
        <BuyerReturnRequestPage
          api={fake.api}
          orderId={RETURN_ORDER_ID}
          upload={upload}
          onSessionExpired={expired}
        />
      ),
    },
    {
      path: '/my-returns/:returnId',
      element: <RouteReturn fake={fake} upload={upload} />,
    },
  ]);
  return { ...view, expired };
}

function RouteReturn({
  fake,
  upload,
}: {
  fake: ReturnType<typeof fakeReturnsApi>;
  upload: ReturnPhotoUploader;
}) {
  const { returnId = '' } = useParams();
  return <BuyerReturnPage api={fake.api} returnId={returnId} upload={upload} onSessionExpired={() => {}} />;
}

const photo = (name: string) => new File(['x'.repeat(200)], name, { type: 'image/jpeg' });

describe('the buyer’s order page', () => {
  it('offers "Return an item" on a delivered order whose window is open', async () => {
    const fake = fakeReturnsApi({ override: orderAnswer(deliveredOrder()) });
    openBuyer(fake, `/my-orders/${RETURN_ORDER_ID}`, heldUploader().upload);
    const link = await screen.findByRole('link', { name: 'Return an item' });
    expect(link).toHaveAttribute('href', `/my-orders/${RETURN_ORDER_ID}/return`);
    expect(screen.getByText('You can ask for a return until 1 Dec 2026.')).toBeVisible();
  });

  it('leads to the return already open instead', async () => {
    const open = returnTestId(123);
    const fake = fakeReturnsApi({
      override: orderAnswer(deliveredOrder()),
      options: testReturnOptions({ openReturnId: open }),
    });
    openBuyer(fake, `/my-orders/${RETURN_ORDER_ID}`, heldUploader().upload);
    expect(await screen.findByRole('link', { name: 'View return' })).toHaveAttribute(
      'href',
      `/my-returns/${open}`,
    );
    expect(screen.queryByRole('link', { name: 'Return an item' })).not.toBeInTheDocument();
  });

  it('says why a closed window cannot be used, and asks nothing before delivery', async () => {
    const fake = fakeReturnsApi({
      override: orderAnswer(deliveredOrder()),
      options: testReturnOptions({ eligible: false, reason: 'The 7-day return window closed on 27 Nov.' }),
    });
    openBuyer(fake, `/my-orders/${RETURN_ORDER_ID}`, heldUploader().upload);
    expect(await screen.findByText('The 7-day return window closed on 27 Nov.')).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Return an item' })).not.toBeInTheDocument();

    const shipped = fakeReturnsApi({
      override: orderAnswer(deliveredOrder({ fulfilmentStatus: 'shipped' })),
    });
    openBuyer(shipped, `/my-orders/${RETURN_ORDER_ID}`, heldUploader().upload);
    await waitFor(() => expect(shipped.calls.some((c) => c.path.startsWith('/checkout/orders'))).toBe(true));
    expect(shipped.calls.some((c) => c.path.endsWith('/return-options'))).toBe(false);
  });
});

describe('the buyer’s return request', () => {
  it('asks for an item and a reason, offers only the reasons the seller accepts, uploads photos with progress, and lands on the new return', async () => {
    const held = heldUploader();
    const fake = fakeReturnsApi();
    openBuyer(fake, `/my-orders/${RETURN_ORDER_ID}/return`, held.upload);

    const reasons = await screen.findByRole('group', { name: 'Why are you returning it?' });
    expect(within(reasons).getAllByRole('radio')).toHaveLength(3);
    expect(within(reasons).queryByLabelText('Changed my mind')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Request return' }));
    expect(await screen.findByText('Choose an item')).toBeVisible();
    expect(screen.getByText('Choose a reason')).toBeVisible();
    expect(fake.calls.some((c) => c.method === 'POST')).toBe(false);

    const items = screen.getByRole('group', { name: 'Which items?' });
    await userEvent.click(within(items).getByRole('checkbox', { name: /Gele head tie/ }));
    await userEvent.selectOptions(within(items).getByLabelText('Quantity to return (Gele head tie)'), '2');
    await userEvent.click(within(reasons).getByLabelText('Wrong item'));
    await userEvent.type(
      screen.getByLabelText('Tell the seller what happened (optional)'),
      'I ordered red, these are blue.',
    );

    await userEvent.upload(screen.getByLabelText('Add photo'), [photo('a.jpg'), photo('b.jpg')]);
    await waitFor(() => expect(held.pending).toHaveLength(2));
    act(() => held.pending[0]?.progress(0.4));
    expect(screen.getByRole('progressbar', { name: 'Uploading photo 1' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );
    expect(screen.getByText('2 of 5 photos')).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: /Request return/ }));
    expect(await screen.findByText('Wait for your photos to finish uploading')).toBeVisible();
    expect(fake.calls.some((c) => c.method === 'POST')).toBe(false);

    const first = held.nextPhoto();
    const second = held.nextPhoto();
    await act(async () => {
      held.pending[0]?.finish(first);
      held.pending[1]?.finish(second);
    });
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Request return · ₦8,000.00' }));

    await waitFor(() => expect(screen.getByTestId('where').textContent).toMatch(/^\/my-returns\//));
    const sent = fake.calls.find((c) => c.method === 'POST' && c.path === '/buyer/returns');
    expect(sent?.body).toEqual({
      orderId: RETURN_ORDER_ID,
      lines: [{ orderLineId: SECOND_LINE_ID, quantity: 2 }],
      reason: 'wrong_item',
      note: 'I ordered red, these are blue.',
      photoIds: [first._id, second._id],
    });
    expect(await screen.findByRole('heading', { name: /^Return RTN-/ })).toBeVisible();
    expect(screen.getByText('Ngozi Wears is looking at your request.')).toBeVisible();
  });

  it('lets a failed photo be retried or removed before sending', async () => {
    const held = heldUploader();
    const fake = fakeReturnsApi({
      options: testReturnOptions({ lines: testReturnOptions().lines.slice(0, 1) }),
    });
    openBuyer(fake, `/my-orders/${RETURN_ORDER_ID}/return`, held.upload);
    // One item only: it is chosen already.
    expect(await screen.findByRole('checkbox', { name: /Ankara wrap dress/ })).toBeChecked();
    await userEvent.click(screen.getByLabelText('Arrived damaged'));
    await userEvent.upload(screen.getByLabelText('Add photo'), photo('a.jpg'));
    await waitFor(() => expect(held.pending).toHaveLength(1));
    await act(async () => held.pending[0]?.fail(new Error('offline')));
    await userEvent.click(screen.getByRole('button', { name: /Request return/ }));
    expect(await screen.findByText('Remove or retry the photos that did not upload')).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: /Retry/ }));
    await waitFor(() => expect(held.pending).toHaveLength(2));
    const stored = held.nextPhoto();
    await act(async () => held.pending[1]?.finish(stored));
    await userEvent.click(screen.getByRole('button', { name: /Request return/ }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toMatch(/^\/my-returns\//));
    expect(fake.calls.find((c) => c.path === '/buyer/returns')?.body).toMatchObject({
      lines: [{ orderLineId: RETURN_LINE_ID, quantity: 1 }],
      reason: 'damaged',
      photoIds: [stored._id],
    });
  });

  it('shows the server’s refusal of the request', async () => {
    const fake = fakeReturnsApi({
      options: testReturnOptions({ lines: testReturnOptions().lines.slice(0, 1) }),
      override: (call) =>
        call.method === 'POST' && call.path === '/buyer/returns'
          ? { status: 409, body: { message: 'The return window for this order has closed.' } }
          : undefined,
    });
    openBuyer(fake, `/my-orders/${RETURN_ORDER_ID}/return`, heldUploader().upload);
    await userEvent.click(await screen.findByLabelText('Not as described'));
    await userEvent.click(screen.getByRole('button', { name: /Request return/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The return window for this order has closed.',
    );
    expect(screen.getByTestId('where').textContent).toBe(`/my-orders/${RETURN_ORDER_ID}/return`);
  });
});

describe('the buyer’s return page', () => {
  it('sends "I’ve sent it back" with the carrier and tracking number', async () => {
    const ret = testReturn({ status: 'approved', method: 'drop_off', allowedActions: ['mark_received'] });
    const fake = fakeReturnsApi({ returns: [ret] });
    openBuyer(fake, `/my-returns/${ret._id}`, heldUploader().upload);
    expect(
      await screen.findByText('Approved: send the item back, then tell the seller below.'),
    ).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'I’ve sent it back' }));
    const dialog = await screen.findByRole('dialog', { name: 'You sent it back' });
    await userEvent.type(within(dialog).getByLabelText('Carrier (optional)'), 'GIG Logistics');
    await userEvent.type(within(dialog).getByLabelText('Tracking number (optional)'), 'GIG-777');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Tell the seller' }));
    expect(await screen.findByText('The item is on its way back to the seller.')).toBeVisible();
    expect(fake.calls.find((c) => c.path.endsWith('/shipped'))?.body).toEqual({
      carrier: 'GIG Logistics',
      trackingNumber: 'GIG-777',
    });
    expect(screen.queryByRole('button', { name: 'I’ve sent it back' })).not.toBeInTheDocument();
  });

  it('withdraws after a confirmation', async () => {
    const ret = testReturn();
    const fake = fakeReturnsApi({ returns: [ret] });
    openBuyer(fake, `/my-returns/${ret._id}`, heldUploader().upload);
    await userEvent.click(await screen.findByRole('button', { name: 'Withdraw return' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw this return?' });
    expect(fake.calls.some((c) => c.path.endsWith('/withdraw'))).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('This return is closed.')).toBeVisible();
    expect(fake.calls.filter((c) => c.path.endsWith('/withdraw'))).toHaveLength(1);
  });

  it('answers the seller’s question in the thread', async () => {
    const ret = testReturn({
      status: 'info_needed',
      timeline: [
        {
          _id: returnTestId(31),
          type: 'info_requested',
          actor: 'seller',
          message: 'Can you send a photo of the tag?',
          photos: [],
          createdAt: '2026-11-24T11:00:00.000Z',
        },
      ],
    });
    const fake = fakeReturnsApi({ returns: [ret] });
    openBuyer(fake, `/my-returns/${ret._id}`, heldUploader().upload);
    expect(await screen.findByText('Ngozi Wears has a question for you. Answer below.')).toBeVisible();
    expect(screen.getByText('Can you send a photo of the tag?')).toBeVisible();
    await userEvent.type(screen.getByLabelText('Reply to the seller'), 'Sent it, see above.');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Sent it, see above.')).toBeVisible();
    expect(fake.calls.find((c) => c.path.endsWith('/messages'))?.body).toEqual({
      message: 'Sent it, see above.',
      photoIds: [],
    });
  });

  it('shows a partial refund received', async () => {
    const ret = testReturn({ status: 'refunded', refunded: 9000, amount: 15000, deadline: null });
    const fake = fakeReturnsApi({ buyerReturns: { [ret._id]: buyerViewOf(ret) } });
    openBuyer(fake, `/my-returns/${ret._id}`, heldUploader().upload);
    const refund = await screen.findByRole('region', { name: 'Refund' });
    expect(within(refund).getByText('₦9,000.00 refunded')).toBeVisible();
    expect(within(refund).getByText(/A partial refund of the ₦15,000.00/)).toBeVisible();
    expect(screen.queryByLabelText('Reply to the seller')).not.toBeInTheDocument();
  });

  it('says when the return is not the buyer’s', async () => {
    openBuyer(fakeReturnsApi(), `/my-returns/${returnTestId(404)}`, heldUploader().upload);
    expect(await screen.findByRole('heading', { name: 'Return not found' })).toBeVisible();
  });
});

describe('the photo upload', () => {
  it('sends the photo as multipart with the buyer’s token and reports progress', async () => {
    const { FakeXhr, sent } = fakeXhrClass({
      status: 201,
      body: { photo: { _id: returnTestId(5), url: '/media/p.webp' } },
    });
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const progress: number[] = [];
    const upload = buyerReturnPhotoUploader(undefined, () => 'buyer-token');
    const stored = await upload(photo('a.jpg'), (f) => progress.push(f));
    expect(stored).toEqual({ _id: returnTestId(5), url: '/media/p.webp' });
    expect(sent[0]?.url).toBe('/api/buyer/returns/photos');
    expect(sent[0]?.headers.Authorization).toBe('Bearer buyer-token');
    expect((sent[0]?.body as FormData | undefined)?.get('photo')).toBeInstanceOf(File);
    expect(progress).toEqual([1]);
  });
});
