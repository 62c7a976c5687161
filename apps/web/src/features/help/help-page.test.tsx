import type { SupportTicket } from '@kasuwa/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { HelpPage } from '@/features/help/help-page';
import { type Call, fakeApiClient } from '@/test/in-memory-api';
import { renderScreen } from '@/test/render-screen';

const PATH = '/dashboard/help';

const ticket = (over: Partial<SupportTicket> = {}): SupportTicket => ({
  id: '4f1c2a3b-0000-4000-8000-000000000001',
  reference: 'HLP-100001',
  topic: 'payouts',
  subject: 'Payout still processing',
  message: 'My payout of ₦25,000 still says processing since yesterday.',
  orderNumber: null,
  status: 'answered',
  createdAt: '2026-11-20T09:15:00.000Z',
  updatedAt: '2026-11-20T11:00:00.000Z',
  ...over,
});

function fakeSupport(options: { tickets?: SupportTicket[]; refuse?: (call: Call) => boolean } = {}) {
  let tickets = options.tickets ?? [];
  return fakeApiClient((call) => {
    if (options.refuse?.(call))
      return {
        status: 400,
        body: {
          message: 'Subject is not allowed',
          issues: [{ path: 'subject', message: 'Subject is not allowed' }],
        },
      };
    if (call.method === 'GET' && call.path === '/support/tickets') return { status: 200, body: { tickets } };
    if (call.method === 'POST' && call.path === '/support/tickets') {
      const body = call.body as {
        topic: SupportTicket['topic'];
        subject: string;
        message: string;
        orderNumber?: string;
      };
      const created = ticket({
        id: '4f1c2a3b-0000-4000-8000-000000000002',
        reference: 'HLP-100002',
        status: 'open',
        topic: body.topic,
        subject: body.subject,
        message: body.message,
        orderNumber: body.orderNumber ?? null,
      });
      tickets = [created, ...tickets];
      return {
        status: 201,
        body: { message: 'Ticket HLP-100002 sent. We have e-mailed you a copy.', ticket: created },
      };
    }
    return { status: 404, body: { message: 'Not found' } };
  });
}

const open = (fake: ReturnType<typeof fakeSupport>, path = PATH, chatAvailable = false) =>
  renderScreen(path, PATH, <HelpPage api={fake.api} chatAvailable={chatAvailable} />);

describe('the Help & Support screen', () => {
  it('lists every topic with its questions, an answer opening on a tap', async () => {
    const user = userEvent.setup();
    open(fakeSupport());
    const payouts = screen.getByRole('list', { name: 'Earnings and payouts' });
    const question = within(payouts).getByRole('button', { name: 'Is there a minimum payout amount?' });
    expect(question).toHaveAttribute('aria-expanded', 'false');
    await user.click(question);
    expect(question).toHaveAttribute('aria-expanded', 'true');
    expect(within(payouts).getByText(/the smallest payout is/i)).toBeVisible();
    expect(within(payouts).getByText('₦1,000', { selector: 'strong' })).toBeVisible();
  });

  it('a search for "payout" shows the payout answers, the best opened, and keeps the words in the URL', async () => {
    const user = userEvent.setup();
    open(fakeSupport());
    await user.type(screen.getByRole('searchbox', { name: 'Search help' }), 'payout');
    const results = screen.getByRole('list', { name: 'Search results' });
    const first = within(results).getAllByRole('button')[0];
    expect(first).toHaveTextContent(/payout/i);
    expect(first).toHaveAttribute('aria-expanded', 'true');
    expect(within(results).getByRole('button', { name: 'How do automatic payouts work?' })).toBeVisible();
    expect(screen.getByText(/\d+ answers for “payout”/)).toHaveAttribute('role', 'status');
    expect(screen.getByTestId('where')).toHaveTextContent('/dashboard/help?q=payout');
  });

  it('opens with the search of its URL, and says so when nothing matches', async () => {
    open(fakeSupport(), `${PATH}?q=zzqx`);
    expect(screen.getByRole('searchbox', { name: 'Search help' })).toHaveValue('zzqx');
    expect(screen.getByText('No answers for “zzqx”. Try another word, or ask us below.')).toBeVisible();
  });

  it("lists the seller's tickets with their reference, topic and status", async () => {
    open(fakeSupport({ tickets: [ticket()] }));
    const list = await screen.findByRole('list', { name: 'Your tickets' });
    expect(within(list).getByText('Payout still processing')).toBeVisible();
    expect(within(list).getByText('Answered')).toBeVisible();
    expect(within(list).getByText(/HLP-100001 · Earnings and payouts/)).toBeVisible();
  });

  it('checks the form before sending, then sends the ticket and lists it as open', async () => {
    const user = userEvent.setup();
    const fake = fakeSupport();
    open(fake);
    expect(await screen.findByText(/No tickets yet/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Send to support' }));
    expect(screen.getByRole('combobox', { name: 'Topic' })).toHaveAccessibleDescription(
      'Choose what your question is about',
    );
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveAccessibleDescription(
      /at least 20 characters/,
    );
    expect(fake.calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Topic' }), 'orders');
    await user.type(screen.getByRole('textbox', { name: 'Subject' }), 'Buyer never collected');
    await user.type(screen.getByRole('textbox', { name: /Order number/ }), 'ksw-100234');
    await user.type(
      screen.getByRole('textbox', { name: 'Message' }),
      'The buyer chose pickup three days ago and has not come.',
    );
    await user.click(screen.getByRole('button', { name: 'Send to support' }));

    const list = await screen.findByRole('list', { name: 'Your tickets' });
    expect(within(list).getByText('Buyer never collected')).toBeVisible();
    expect(within(list).getByText('Open')).toBeVisible();
    expect(fake.calls.find((c) => c.method === 'POST')?.body).toEqual({
      topic: 'orders',
      subject: 'Buyer never collected',
      message: 'The buyer chose pickup three days ago and has not come.',
      orderNumber: 'KSW-100234',
    });
    expect(await screen.findByText('Ticket HLP-100002 sent. We have e-mailed you a copy.')).toBeVisible();
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Subject' })).toHaveValue(''));
  });

  it("shows the server's refusal beside its field", async () => {
    const user = userEvent.setup();
    open(fakeSupport({ refuse: (c) => c.method === 'POST' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Topic' }), 'other');
    await user.type(screen.getByRole('textbox', { name: 'Subject' }), 'Something odd');
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'A long enough message for the form.');
    await user.click(screen.getByRole('button', { name: 'Send to support' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Subject' })).toHaveAccessibleDescription(
        'Subject is not allowed',
      ),
    );
  });

  it('offers live chat only when the chat widget is configured', () => {
    const { unmount } = open(fakeSupport());
    expect(screen.queryByRole('button', { name: 'Start a chat' })).not.toBeInTheDocument();
    unmount();
    open(fakeSupport(), PATH, true);
    expect(screen.getByRole('button', { name: 'Start a chat' })).toBeVisible();
  });
});
