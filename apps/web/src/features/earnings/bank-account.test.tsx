import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formatMoment } from '@/features/earnings/earnings-labels';
import { EarningsPage } from '@/features/earnings/earnings-page';
import { fakeEarningsApi, PASSWORD, testSummary } from '@/test/earnings';
import { fakeDownloader } from '@/test/orders';
import { renderScreen } from '@/test/render-screen';

const PATH = '/dashboard/earnings-payouts';

function open(fake: ReturnType<typeof fakeEarningsApi>) {
  return renderScreen(PATH, PATH, <EarningsPage api={fake.api} download={fakeDownloader().download} />);
}

const section = () => screen.findByRole('region', { name: 'Bank account' });

async function chooseBank(dialog: HTMLElement, words: string, name: string) {
  const bank = within(dialog).getByRole('combobox', { name: 'Bank' });
  await waitFor(() => expect(bank).toBeEnabled());
  await userEvent.type(bank, words);
  await userEvent.click(await within(dialog).findByRole('option', { name }));
}

describe('the payout bank account', () => {
  it('shows the bank, the last four digits and the name', async () => {
    open(fakeEarningsApi());
    const bank = await section();
    expect(within(bank).getByText('Guaranty Trust Bank')).toBeVisible();
    expect(within(bank).getByText('••••6789')).toBeVisible();
    expect(within(bank).queryByText(/0123456789/)).not.toBeInTheDocument();
    expect(within(bank).getByText('NGOZI ADEYEMI')).toBeVisible();
  });

  it('shows the name the bank answers before saving, then saves with the step-up and shows the payout hold', async () => {
    const fake = fakeEarningsApi({ accountNames: { '2234567890': 'NGOZI ADEYEMI ENTERPRISES' } });
    open(fake);
    await userEvent.click(within(await section()).getByRole('button', { name: 'Change' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change bank account' }, { timeout: 5000 });
    expect(within(dialog).getByText(/payouts pause for 24 hours after a change/)).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Save bank account' })).toBeDisabled();

    await chooseBank(dialog, 'zen', 'Zenith Bank');
    await userEvent.type(within(dialog).getByLabelText('Account number'), '2234567890');
    expect(await within(dialog).findByText('NGOZI ADEYEMI ENTERPRISES')).toBeVisible();
    expect(within(dialog).getByText(/Account name:/)).toBeVisible();
    // Shown before anything was saved.
    expect(fake.calls.some((c) => c.method === 'PUT')).toBe(false);
    expect(fake.calls.find((c) => c.path === '/payouts/bank-account/resolve')?.body).toEqual({
      bankCode: '057',
      accountNumber: '2234567890',
    });

    await userEvent.type(within(dialog).getByLabelText('Your password'), PASSWORD);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save bank account' }));
    expect(await screen.findByText('Bank account saved')).toBeVisible();
    const put = fake.calls.find((c) => c.method === 'PUT' && c.path === '/payouts/bank-account');
    expect(put?.body).toEqual({
      bankCode: '057',
      accountNumber: '2234567890',
      stepUp: { method: 'password', password: PASSWORD },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const bank = await section();
    expect(within(bank).getByText('Zenith Bank')).toBeVisible();
    expect(within(bank).getByText('••••7890')).toBeVisible();
    const until = fake.summary().payoutHoldUntil ?? '';
    expect(within(bank).getByRole('status')).toHaveTextContent(`Payouts resume on ${formatMoment(until)}.`);
  });

  it('says when the bank does not know the number, and saves nothing', async () => {
    const fake = fakeEarningsApi({ accountNames: {} });
    open(fake);
    await userEvent.click(within(await section()).getByRole('button', { name: 'Change' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change bank account' }, { timeout: 5000 });
    await chooseBank(dialog, 'access', 'Access Bank');
    await userEvent.type(within(dialog).getByLabelText('Account number'), '1111111111');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('We could not find that account.');
    expect(within(dialog).queryByLabelText('Your password')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Save bank account' })).toBeDisabled();
  });

  it('says a number left short needs 10 digits, and stops saying so once it has them', async () => {
    const fake = fakeEarningsApi({ accountNames: { '2234567890': 'NGOZI ADEYEMI ENTERPRISES' } });
    open(fake);
    await userEvent.click(within(await section()).getByRole('button', { name: 'Change' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change bank account' }, { timeout: 5000 });
    await chooseBank(dialog, 'zen', 'Zenith Bank');
    const number = within(dialog).getByLabelText('Account number');
    await userEvent.type(number, '223456789');
    expect(within(dialog).queryByText('Account number must be 10 digits')).not.toBeInTheDocument();
    await userEvent.tab();
    expect(within(dialog).getByText('Account number must be 10 digits')).toBeVisible();
    expect(number).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(number, '0');
    expect(within(dialog).queryByText('Account number must be 10 digits')).not.toBeInTheDocument();
    expect(await within(dialog).findByText('NGOZI ADEYEMI ENTERPRISES')).toBeVisible();
  });

  it('asks for the step-up before changing the payout schedule', async () => {
    const fake = fakeEarningsApi({ summary: testSummary({ schedule: 'manual' }) });
    open(fake);
    const bank = await section();
    await userEvent.selectOptions(within(bank).getByLabelText('Payout schedule'), 'Every Monday');
    const dialog = await screen.findByRole('dialog', { name: 'Change payout schedule' }, { timeout: 5000 });
    await userEvent.type(within(dialog).getByLabelText('Your password'), PASSWORD);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save schedule' }));
    expect(await screen.findByText('Payout schedule saved')).toBeVisible();
    expect(fake.calls.find((c) => c.method === 'PUT' && c.path === '/payouts/schedule')?.body).toEqual({
      schedule: 'weekly',
      stepUp: { method: 'password', password: PASSWORD },
    });
    await waitFor(() => expect(within(bank).getByLabelText('Payout schedule')).toHaveValue('weekly'));
  });
});
