// size: the Return screen's every step — details, photos, thread and reply, the five actions with their dialogs and refusals
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ReturnPage } from '@/features/returns/return-page';
import type { Call } from '@/test/in-memory-api';
import { renderScreen } from '@/test/render-screen';
import { fakeReturnsApi, returnTestId, testReturn } from '@/test/returns';

function open(fake: ReturnType<typeof fakeReturnsApi>, id: string) {
  return renderScreen(
    `/dashboard/return/${id}`,
    '/dashboard/return/:id',
    <ReturnPage returnId={id} api={fake.api} />,
  );
}

const actionCalls = (fake: ReturnType<typeof fakeReturnsApi>) =>
  fake.calls.filter((c: Call) => c.method === 'POST' && c.path.endsWith('/actions'));

async function dialogFor(button: string) {
  await userEvent.click(await screen.findByRole('button', { name: button }));
  return screen.findByRole('dialog');
}

describe('the Return screen', () => {
  it('shows the return’s status, deadline, order, request, photos, items and timeline', async () => {
    const ret = testReturn({
      number: 'RTN-100042',
      order: { _id: returnTestId(1), number: 'KSW-200042' },
      timeline: [
        {
          _id: returnTestId(2),
          type: 'requested',
          actor: 'buyer',
          message: 'Return requested: Arrived damaged',
          photos: [],
          createdAt: '2026-11-24T09:30:00.000Z',
        },
        {
          _id: returnTestId(3),
          type: 'message',
          actor: 'buyer',
          message: 'Here is the label too',
          photos: [{ _id: returnTestId(4), url: '/media/label.webp' }],
          createdAt: '2026-11-24T10:00:00.000Z',
        },
      ],
    });
    open(fakeReturnsApi({ returns: [ret] }), ret._id);

    const status = await screen.findByRole('region', { name: 'Return status' });
    expect(within(status).getByRole('heading', { name: /RTN-100042/ })).toBeVisible();
    expect(within(status).getByText('Requested')).toBeVisible();
    expect(within(status).getByText(/Answer by Fri 28 Nov/)).toBeVisible();
    expect(within(status).getByRole('link', { name: 'KSW-200042' })).toHaveAttribute(
      'href',
      `/dashboard/order/${returnTestId(1)}`,
    );
    const request = screen.getByRole('region', { name: 'The buyer’s request' });
    expect(within(request).getByText('Arrived damaged')).toBeVisible();
    expect(within(request).getByText('The zip came off on the first wear.')).toBeVisible();
    const items = screen.getByRole('region', { name: 'Items returned' });
    expect(within(items).getByText('Ankara wrap dress')).toBeVisible();
    expect(within(items).getByText('1 × ₦15,000.00')).toBeVisible();
    const thread = screen.getByRole('region', { name: 'Timeline and messages' });
    expect(within(thread).getByText('Return requested: Arrived damaged')).toBeVisible();
    expect(within(thread).getByText('Here is the label too')).toBeVisible();

    await userEvent.click(within(request).getByRole('button', { name: 'Enlarge photo 1 of 1' }));
    const viewer = await screen.findByRole('dialog', { name: 'Photo 1 of 1' });
    expect(within(viewer).getByRole('img')).toHaveAttribute('src', '/media/return-1.webp');
  });

  it('offers only the steps the server allows', async () => {
    const ret = testReturn({ status: 'received', allowedActions: ['refund'], deadline: null });
    open(fakeReturnsApi({ returns: [ret] }), ret._id);
    expect(await screen.findByRole('button', { name: 'Refund' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reject' })).not.toBeInTheDocument();
  });

  it('approves with a courier pickup, sending the method, carrier and tracking number', async () => {
    const ret = testReturn();
    const fake = fakeReturnsApi({ returns: [ret] });
    open(fake, ret._id);
    const dialog = await dialogFor('Approve');
    await userEvent.click(within(dialog).getByRole('radio', { name: /Courier pickup/ }));
    await userEvent.type(within(dialog).getByLabelText('Carrier (optional)'), 'GIG Logistics');
    await userEvent.type(within(dialog).getByLabelText('Tracking number (optional)'), 'GIG-12345');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve return' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(actionCalls(fake).at(-1)?.body).toEqual({
      action: 'approve',
      method: 'pickup',
      carrier: 'GIG Logistics',
      trackingNumber: 'GIG-12345',
    });
    const shipping = await screen.findByRole('region', { name: 'Sending it back' });
    expect(within(shipping).getByText('Courier pickup')).toBeVisible();
    expect(within(shipping).getByText('GIG-12345')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Mark as received' })).toBeVisible();
  });

  it('asks for a valid label link when approving with a prepaid label', async () => {
    const ret = testReturn();
    const fake = fakeReturnsApi({ returns: [ret] });
    open(fake, ret._id);
    const dialog = await dialogFor('Approve');
    await userEvent.click(within(dialog).getByRole('radio', { name: /Prepaid return label/ }));
    await userEvent.type(within(dialog).getByLabelText('Label link (optional)'), 'not a link');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve return' }));
    expect(await within(dialog).findByText('Enter a valid link')).toBeVisible();
    expect(actionCalls(fake)).toHaveLength(0);
    await userEvent.clear(within(dialog).getByLabelText('Label link (optional)'));
    await userEvent.type(within(dialog).getByLabelText('Label link (optional)'), 'https://sendbox.co/l/abc');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve return' }));
    await waitFor(() => expect(actionCalls(fake)).toHaveLength(1));
    expect(actionCalls(fake)[0]?.body).toEqual({
      action: 'approve',
      method: 'label',
      labelUrl: 'https://sendbox.co/l/abc',
    });
  });

  it('needs a reason to reject, which is sent for the buyer to see', async () => {
    const ret = testReturn();
    const fake = fakeReturnsApi({ returns: [ret] });
    open(fake, ret._id);
    const dialog = await dialogFor('Reject');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject return' }));
    expect(await within(dialog).findByText('Say why the return is rejected')).toBeVisible();
    expect(actionCalls(fake)).toHaveLength(0);
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'The photos show wear from use.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject return' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(actionCalls(fake)[0]?.body).toEqual({
      action: 'reject',
      reason: 'The photos show wear from use.',
    });
    expect(await screen.findByText('Rejected', { selector: 'span' })).toBeVisible();
  });

  it('shows the server’s refusal inside the dialog and keeps it open', async () => {
    const ret = testReturn();
    const fake = fakeReturnsApi({
      returns: [ret],
      override: (call) =>
        call.method === 'POST' && call.path.endsWith('/actions')
          ? { status: 409, body: { message: 'This return was already approved automatically.' } }
          : undefined,
    });
    open(fake, ret._id);
    const dialog = await dialogFor('Ask for information');
    await userEvent.type(within(dialog).getByLabelText('Your question'), 'Can you send a photo of the tag?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send question' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This return was already approved automatically.',
    );
    expect(screen.getByRole('dialog')).toBeVisible();
    expect(actionCalls(fake)[0]?.body).toEqual({
      action: 'request_info',
      message: 'Can you send a photo of the tag?',
    });
  });

  it('refunds in full with the amount it was paid, after a confirmation', async () => {
    const ret = testReturn({
      status: 'received',
      allowedActions: ['refund'],
      refundable: 15000,
      deadline: null,
    });
    const fake = fakeReturnsApi({ returns: [ret] });
    open(fake, ret._id);
    const dialog = await dialogFor('Refund');
    expect(within(dialog).getByLabelText('Amount to refund')).toHaveValue('15000');
    expect(within(dialog).getByText(/Full refund: ₦15,000.00/)).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm refund' });
    expect(within(confirm).getByText('Full refund')).toBeVisible();
    expect(actionCalls(fake)).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Refund ₦15,000.00' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(actionCalls(fake)[0]?.body).toEqual({ action: 'refund', amount: 15000 });
    expect(await screen.findByText('Refunded', { selector: 'span' })).toBeVisible();
  });

  it('refunds in part when the seller lowers the amount, and never more than was paid', async () => {
    const ret = testReturn({
      status: 'received',
      allowedActions: ['refund'],
      refundable: 15000,
      deadline: null,
    });
    const fake = fakeReturnsApi({ returns: [ret] });
    open(fake, ret._id);
    const dialog = await dialogFor('Refund');
    const amount = within(dialog).getByLabelText('Amount to refund');
    await userEvent.clear(amount);
    await userEvent.type(amount, '20000');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText('You can refund at most ₦15,000.00')).toBeVisible();

    await userEvent.clear(amount);
    await userEvent.type(amount, '9,000.50');
    expect(within(dialog).getByText(/Partial refund/)).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm refund' });
    expect(within(confirm).getByText('₦9,000.50')).toBeVisible();
    expect(within(confirm).getByText(/Partial refund · of ₦15,000.00/)).toBeVisible();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Refund ₦9,000.50' }));
    await waitFor(() => expect(actionCalls(fake)).toHaveLength(1));
    expect(actionCalls(fake)[0]?.body).toEqual({ action: 'refund', amount: 9000.5 });
  });

  it('shows the provider’s refusal of a refund in the confirmation', async () => {
    const ret = testReturn({ status: 'received', allowedActions: ['refund'], deadline: null });
    const fake = fakeReturnsApi({
      returns: [ret],
      override: (call) =>
        call.path.endsWith('/actions')
          ? { status: 422, body: { message: 'Paystack could not refund this payment: transaction reversed' } }
          : undefined,
    });
    open(fake, ret._id);
    const dialog = await dialogFor('Refund');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Refund ₦15,000.00' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Paystack could not refund this payment: transaction reversed',
    );
    expect(screen.getByRole('dialog', { name: 'Confirm refund' })).toBeVisible();
  });

  it('marks the item received in one tap', async () => {
    const ret = testReturn({ status: 'in_transit', allowedActions: ['mark_received'], deadline: null });
    const fake = fakeReturnsApi({ returns: [ret] });
    open(fake, ret._id);
    await userEvent.click(await screen.findByRole('button', { name: 'Mark as received' }));
    expect(await screen.findByRole('button', { name: 'Refund' })).toBeVisible();
    expect(actionCalls(fake)[0]?.body).toEqual({ action: 'mark_received' });
  });

  it('sends the seller’s reply into the thread', async () => {
    const ret = testReturn();
    const fake = fakeReturnsApi({ returns: [ret] });
    open(fake, ret._id);
    const box = await screen.findByLabelText('Message Chidi Okafor');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Write a message')).toBeVisible();
    await userEvent.type(box, 'Sorry about that! Is the dress otherwise fine?');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    const thread = screen.getByRole('region', { name: 'Timeline and messages' });
    expect(await within(thread).findByText('Sorry about that! Is the dress otherwise fine?')).toBeVisible();
    expect(box).toHaveValue('');
    const sent = fake.calls.find((c) => c.path.endsWith('/messages'));
    expect(sent?.body).toEqual({ message: 'Sorry about that! Is the dress otherwise fine?' });
  });

  it('says when the return is not the seller’s or does not exist', async () => {
    open(fakeReturnsApi(), returnTestId(404));
    expect(await screen.findByRole('heading', { name: 'Return not found' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to Returns' })).toHaveAttribute(
      'href',
      '/dashboard/returns',
    );
  });
});
