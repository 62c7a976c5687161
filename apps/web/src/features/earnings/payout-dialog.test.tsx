import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { EarningsPage } from '@/features/earnings/earnings-page';
import { CODE, fakeEarningsApi, PASSWORD, testSummary } from '@/test/earnings';
import type { Override } from '@/test/in-memory-api';
import { fakeDownloader } from '@/test/orders';
import { renderScreen } from '@/test/render-screen';

const PATH = '/dashboard/earnings-payouts';

function open(fake: ReturnType<typeof fakeEarningsApi>) {
  return renderScreen(PATH, PATH, <EarningsPage api={fake.api} download={fakeDownloader().download} />);
}

async function openDialog() {
  await userEvent.click(await screen.findByRole('button', { name: 'Request payout' }));
  // The dialog is a chunk of its own: the first opening in a test run waits for it to transform.
  return screen.findByRole('dialog', { name: 'Request payout' }, { timeout: 5000 });
}

const payoutPosts = (fake: ReturnType<typeof fakeEarningsApi>) =>
  fake.calls.filter((c) => c.method === 'POST' && c.path === '/payouts');

describe('requesting a payout', () => {
  it('starts at the whole available balance, names the account, and refuses too little or too much', async () => {
    const fake = fakeEarningsApi({ summary: testSummary({ available: 48250.5, minimumPayout: 1000 }) });
    open(fake);
    const dialog = await openDialog();
    const amount = within(dialog).getByLabelText('Amount');
    expect(amount).toHaveValue('48,250.50');
    expect(within(dialog).getByText('Guaranty Trust Bank ••••6789')).toBeVisible();
    expect(within(dialog).getByText('NGOZI ADEYEMI')).toBeVisible();

    await userEvent.type(within(dialog).getByLabelText('Your password'), PASSWORD);
    await userEvent.clear(amount);
    await userEvent.type(amount, '999.99');
    // The button names only a sum it can pay out.
    expect(within(dialog).queryByRole('button', { name: /Pay out/ })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Request payout' }));
    expect(within(dialog).getByText('The smallest payout is ₦1,000.00')).toBeVisible();

    await userEvent.clear(amount);
    await userEvent.type(amount, '48250.51');
    expect(within(dialog).queryByRole('button', { name: /Pay out/ })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Request payout' }));
    expect(within(dialog).getByText('You can pay out up to ₦48,250.50')).toBeVisible();

    await userEvent.clear(amount);
    await userEvent.type(amount, '10.005');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Request payout' }));
    expect(within(dialog).getByText('The smallest payout is ₦1,000.00')).toBeVisible();

    await userEvent.clear(amount);
    await userEvent.type(amount, '1000.555');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Request payout' }));
    expect(within(dialog).getByText('Use at most two decimals')).toBeVisible();
    expect(payoutPosts(fake)).toHaveLength(0);
  });

  it('asks for the password before sending anything', async () => {
    const fake = fakeEarningsApi();
    open(fake);
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay out ₦48,250.50' }));
    expect(within(dialog).getByText('Enter your password')).toBeVisible();
    expect(payoutPosts(fake)).toHaveLength(0);
  });

  it('sends the amount, the step-up and one Idempotency-Key, then refreshes the cards and history', async () => {
    const fake = fakeEarningsApi({ summary: testSummary({ available: 48250.5 }) });
    open(fake);
    const dialog = await openDialog();
    const amount = within(dialog).getByLabelText('Amount');
    await userEvent.clear(amount);
    await userEvent.type(amount, '20,000');
    await userEvent.type(within(dialog).getByLabelText('Your password'), PASSWORD);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay out ₦20,000.00' }));

    expect(await screen.findByText('Payout requested')).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [post] = payoutPosts(fake);
    expect(post?.body).toEqual({ amount: 20000, stepUp: { method: 'password', password: PASSWORD } });
    expect(post?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    const available = screen.getByRole('region', { name: 'Available' });
    expect(await within(available).findByText('₦28,250.50')).toBeVisible();
    const history = screen.getByRole('region', { name: 'Payout history' });
    expect(await within(history).findByText('Pending')).toBeVisible();
  });

  it('sends the same key again when the first try got no answer, so a retry makes one payout', async () => {
    let drop = true;
    const flaky: Override = (call) => {
      if (call.path === '/payouts' && call.method === 'POST' && drop) {
        drop = false;
        return 'network-error';
      }
      return undefined;
    };
    const fake = fakeEarningsApi({ override: flaky });
    open(fake);
    const dialog = await openDialog();
    await userEvent.type(within(dialog).getByLabelText('Your password'), PASSWORD);
    await userEvent.click(within(dialog).getByRole('button', { name: /Pay out/ }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('We could not reach the server');
    // The first try may have reached the server: the retry is the same request, amount included.
    expect(within(dialog).getByLabelText('Amount')).toHaveAttribute('readonly');
    await userEvent.click(within(dialog).getByRole('button', { name: /Pay out/ }));
    expect(await screen.findByText('Payout requested')).toBeVisible();

    const [first, second] = payoutPosts(fake);
    expect(second?.headers['idempotency-key']).toBe(first?.headers['idempotency-key']);
    expect(fake.payouts()).toHaveLength(1);
  });

  it("shows the server's refusal in the dialog and takes a new key for the next try, and a new one per opening", async () => {
    const fake = fakeEarningsApi();
    open(fake);
    let dialog = await openDialog();
    await userEvent.type(within(dialog).getByLabelText('Your password'), 'wrong-password');
    await userEvent.click(within(dialog).getByRole('button', { name: /Pay out/ }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('That password is not right.');
    expect(fake.payouts()).toHaveLength(0);

    // Nothing was made, so the corrected request is a new one.
    const password = within(dialog).getByLabelText('Your password');
    await userEvent.clear(password);
    await userEvent.type(password, 'still-wrong');
    await userEvent.click(within(dialog).getByRole('button', { name: /Pay out/ }));
    await waitFor(() => expect(payoutPosts(fake)).toHaveLength(2));
    const [first, second] = payoutPosts(fake);
    expect(second?.headers['idempotency-key']).not.toBe(first?.headers['idempotency-key']);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    dialog = await openDialog();
    await userEvent.type(within(dialog).getByLabelText('Your password'), 'wrong-again');
    await userEvent.click(within(dialog).getByRole('button', { name: /Pay out/ }));
    await waitFor(() => expect(payoutPosts(fake)).toHaveLength(3));
    const keys = new Set(payoutPosts(fake).map((c) => c.headers['idempotency-key']));
    expect(keys.size).toBe(3);
  });

  it('proves it is the seller with an e-mailed code instead of the password', async () => {
    const fake = fakeEarningsApi();
    open(fake);
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'E-mail me a code instead' }));
    expect(await within(dialog).findByText('We sent a 6-digit code to ngozi@example.ng.')).toBeVisible();
    expect(fake.calls.filter((c) => c.path === '/auth/step-up/code')).toHaveLength(1);
    expect(within(dialog).queryByLabelText('Your password')).not.toBeInTheDocument();

    const code = within(dialog).getByLabelText('6-digit code');
    await userEvent.type(code, '12');
    await userEvent.click(within(dialog).getByRole('button', { name: /Pay out/ }));
    expect(within(dialog).getByText('Enter the 6-digit code')).toBeVisible();
    await userEvent.clear(code);
    await userEvent.type(code, CODE);
    await userEvent.click(within(dialog).getByRole('button', { name: /Pay out/ }));
    expect(await screen.findByText('Payout requested')).toBeVisible();
    expect(payoutPosts(fake)[0]?.body).toEqual({ amount: 48250.5, stepUp: { method: 'code', code: CODE } });
  });
});
