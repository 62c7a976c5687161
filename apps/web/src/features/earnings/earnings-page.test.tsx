import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { EarningsPage } from '@/features/earnings/earnings-page';
import { fakeEarningsApi, testLine, testPayout, testSummary } from '@/test/earnings';
import { fakeDownloader } from '@/test/orders';
import { renderScreen } from '@/test/render-screen';

/** The element whose whole text is `text`, though a record number in it sits in a span of its own. */
const wholeText = (text: string) => (_: string, el: Element | null) =>
  el?.textContent === text && !(el.parentElement?.textContent === text);

const PATH = '/dashboard/earnings-payouts';

function open(fake: ReturnType<typeof fakeEarningsApi>, path = PATH, download = fakeDownloader().download) {
  return renderScreen(path, PATH, <EarningsPage api={fake.api} download={download} />);
}

const callsTo = (fake: ReturnType<typeof fakeEarningsApi>, path: string) =>
  fake.calls.filter((c) => c.method === 'GET' && c.path === path);

describe('the Earnings & Payouts screen', () => {
  it("shows the server's balances as naira, with when pending money frees up", async () => {
    open(
      fakeEarningsApi({
        summary: testSummary({
          available: 48250.5,
          pending: 17500,
          nextRelease: { amount: 12000, at: '2026-12-02T09:00:00.000Z' },
          paidOutThisMonth: 30000,
          inFlight: 5000,
          owed: 437.5,
        }),
      }),
    );
    const available = await screen.findByRole('region', { name: 'Available' });
    expect(within(available).getByText('₦48,250.50')).toBeVisible();
    expect(within(available).getByRole('button', { name: 'Request payout' })).toBeEnabled();
    const pending = screen.getByRole('region', { name: 'Pending' });
    expect(within(pending).getByText('₦17,500.00')).toBeVisible();
    expect(pending).toHaveTextContent(/₦12,000\.00 frees up on 2 Dec/);
    expect(
      within(screen.getByRole('region', { name: 'Paid out this month' })).getByText('₦30,000.00'),
    ).toBeVisible();
    expect(
      within(screen.getByRole('region', { name: 'On its way to your bank' })).getByText('₦5,000.00'),
    ).toBeVisible();
    expect(
      within(screen.getByRole('region', { name: 'Commission owed' })).getByText('₦437.50'),
    ).toBeVisible();
  });

  it('leaves out the in-flight and owed cards when there is nothing in them', async () => {
    open(fakeEarningsApi({ summary: testSummary({ inFlight: 0, owed: 0 }) }));
    await screen.findByRole('region', { name: 'Available' });
    expect(screen.queryByRole('region', { name: 'On its way to your bank' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Commission owed' })).not.toBeInTheDocument();
  });

  it('turns the payout button off and says why when the server blocks payouts', async () => {
    open(
      fakeEarningsApi({
        summary: testSummary({ payoutBlockedReason: 'Payouts open once your account is approved.' }),
      }),
    );
    const button = await screen.findByRole('button', { name: 'Request payout' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription('Payouts open once your account is approved.');
  });

  it('lists each line with its kind, order link, signed amount and balance', async () => {
    const sale = testLine({
      kind: 'sale',
      description: 'Sale KSW-100234',
      amount: 17500,
      balance: 'pending',
    });
    const fee = testLine({
      kind: 'commission',
      description: 'Commission on KSW-100234',
      amount: -875,
      balance: 'pending',
      order: sale.order,
    });
    const payout = testLine({
      kind: 'payout',
      description: 'Payout to GTBank ••••6789',
      amount: -20000,
      balance: 'available',
      order: null,
    });
    open(fakeEarningsApi({ transactions: [sale, fee, payout] }));
    const list = await screen.findByRole('region', { name: 'Transactions' });
    const saleRow = (await within(list).findByText(wholeText('Sale KSW-100234'))).closest(
      'li, tr',
    ) as HTMLElement;
    expect(within(saleRow).getByRole('rowheader', { name: 'Sale' })).toBeVisible();
    expect(within(saleRow).getByText('+₦17,500.00')).toHaveClass('text-brand-700');
    expect(within(saleRow).getByText('Pending')).toBeVisible();
    expect(within(saleRow).getByRole('link', { name: sale.order?.number })).toHaveAttribute(
      'href',
      `/dashboard/order/${sale.order?._id}`,
    );
    const feeRow = within(list)
      .getByText(wholeText('Commission on KSW-100234'))
      .closest('li, tr') as HTMLElement;
    expect(within(feeRow).getByText('−₦875.00')).toHaveClass('text-danger-700');
    const payoutRow = within(list).getByText('Payout to GTBank ••••6789').closest('li, tr') as HTMLElement;
    expect(within(payoutRow).getByText('Available')).toBeVisible();
    expect(within(payoutRow).queryByRole('link')).not.toBeInTheDocument();
  });

  it('asks the server for the chosen filter, dates and page, and keeps them in the URL', async () => {
    const lines = Array.from({ length: 25 }, (_, i) =>
      testLine({ kind: 'sale', description: `Sale number ${i + 1}`, at: '2026-11-20T10:00:00.000Z' }),
    );
    const fake = fakeEarningsApi({
      transactions: [...lines, testLine({ kind: 'refund', description: 'Refund KSW-1' })],
    });
    open(fake);
    const list = await screen.findByRole('region', { name: 'Transactions' });
    await within(list).findByText('Sale number 1');
    expect(callsTo(fake, '/earnings/transactions')[0]?.query.toString()).toBe('filter=all&page=1&limit=20');

    await userEvent.click(within(list).getByRole('button', { name: 'Sales' }));
    await waitFor(() =>
      expect(callsTo(fake, '/earnings/transactions').at(-1)?.query.get('filter')).toBe('sales'),
    );
    expect(within(list).getByRole('button', { name: 'Sales' })).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(within(list).getByRole('button', { name: /Next/ }));
    await within(list).findByText('Sale number 21');
    const paged = callsTo(fake, '/earnings/transactions').at(-1)?.query;
    expect(paged?.get('page')).toBe('2');
    expect(paged?.get('filter')).toBe('sales');
    expect(screen.getByTestId('where').textContent).toBe(`${PATH}?filter=sales&page=2`);

    const from = within(list).getByLabelText('From');
    await userEvent.type(from, '2026-11-01');
    await waitFor(() =>
      expect(callsTo(fake, '/earnings/transactions').at(-1)?.query.get('from')).toBe('2026-11-01'),
    );
    // A new filter starts again at the first page.
    expect(callsTo(fake, '/earnings/transactions').at(-1)?.query.get('page')).toBe('1');
  });

  it('reads the table filters from the URL it was opened at', async () => {
    const fake = fakeEarningsApi({
      transactions: [testLine({ kind: 'refund', description: 'Refund KSW-9' })],
    });
    open(fake, `${PATH}?filter=refunds&from=2026-11-01&to=2026-11-30`);
    await screen.findByText('Refund KSW-9');
    const query = callsTo(fake, '/earnings/transactions')[0]?.query;
    expect(query?.get('filter')).toBe('refunds');
    expect(query?.get('from')).toBe('2026-11-01');
    expect(query?.get('to')).toBe('2026-11-30');
  });

  it('welcomes a new seller with what will appear, and no error', async () => {
    open(
      fakeEarningsApi({
        summary: testSummary({
          available: 0,
          pending: 0,
          nextRelease: null,
          paidOutThisMonth: 0,
          bankAccount: null,
        }),
      }),
    );
    expect(await screen.findByText('Your earnings will appear here after your first sale')).toBeVisible();
    expect(screen.getByText('No payouts yet.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Request payout' })).toHaveAccessibleDescription(
      'Add the bank account your payouts go to first.',
    );
  });

  it('says when the balances cannot load and loads them again on Try again', async () => {
    let fail = true;
    const fake = fakeEarningsApi({
      override: (call) =>
        // A 4xx, which the app's query client does not retry, so the failure shows at once.
        call.path === '/earnings/summary' && fail
          ? { status: 429, body: { message: 'Slow down' } }
          : undefined,
    });
    open(fake);
    const failed = await screen.findByRole('region', { name: 'Balances' });
    expect(within(failed).getByText('We could not load your balances.')).toBeVisible();
    fail = false;
    await userEvent.click(within(failed).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Available' })).toBeVisible();
  });

  it('shows each payout with its status, and why a failed one failed', async () => {
    open(
      fakeEarningsApi({
        payouts: [
          testPayout({ amount: 20000, status: 'paid', reference: 'PO-000111' }),
          testPayout({
            amount: 5000,
            status: 'failed',
            reference: 'PO-000112',
            paidAt: null,
            failureReason: 'The bank refused the transfer.',
          }),
          testPayout({
            amount: 7000,
            status: 'processing',
            automatic: true,
            reference: 'PO-000113',
            paidAt: null,
          }),
        ],
      }),
    );
    const history = await screen.findByRole('region', { name: 'Payout history' });
    const row = (reference: string) =>
      within(history).getByText(new RegExp(reference)).closest('li, tr') as HTMLElement;
    await within(history).findByText(/PO-000111/);
    expect(within(row('PO-000111')).getByText('Paid')).toBeVisible();
    expect(within(row('PO-000111')).getByText('₦20,000.00')).toBeVisible();
    expect(within(row('PO-000112')).getByText('Failed')).toBeVisible();
    expect(within(row('PO-000112')).getByText(/The bank refused the transfer\./)).toBeVisible();
    expect(within(row('PO-000113')).getByText('Processing')).toBeVisible();
    expect(within(row('PO-000113')).getByText('Automatic')).toBeVisible();
  });

  it('downloads a CSV of the chosen dates and the PDF of the chosen month', async () => {
    const downloader = fakeDownloader();
    open(fakeEarningsApi(), PATH, downloader.download);
    const statements = await screen.findByRole('region', { name: 'Statements' });
    const from = within(statements).getByLabelText('From');
    const to = within(statements).getByLabelText('To');
    await userEvent.clear(from);
    await userEvent.type(from, '2026-01-01');
    await userEvent.clear(to);
    await userEvent.type(to, '2026-03-31');
    await userEvent.selectOptions(within(statements).getByLabelText('Include'), 'Refunds');
    await userEvent.click(within(statements).getByRole('button', { name: 'Download CSV' }));
    expect(downloader.downloads.at(-1)).toEqual({
      path: '/earnings/statement.csv?from=2026-01-01&to=2026-03-31&filter=refunds',
      fileName: 'earnings-2026-01-01-to-2026-03-31.csv',
    });
    expect(within(statements).getByRole('button', { name: 'Downloading…' })).toBeDisabled();
    downloader.finish();

    const month = within(statements).getByLabelText('Month') as HTMLSelectElement;
    const chosen = month.options[2]?.value ?? '';
    await userEvent.selectOptions(month, chosen);
    await userEvent.click(await within(statements).findByRole('button', { name: 'Monthly statement (PDF)' }));
    expect(downloader.downloads.at(-1)).toEqual({
      path: `/earnings/statements/${chosen}.pdf`,
      fileName: `kasuwa-statement-${chosen}.pdf`,
    });
  });

  it('draws net earnings per period and reads out a tapped bar’s figures', async () => {
    const fake = fakeEarningsApi({
      chart: ({ from, granularity }) =>
        granularity === 'day'
          ? [
              { date: from, sales: 17500, fees: 1100, refunds: 0, net: 16400 },
              { date: '2026-11-24', sales: 5000, fees: 300, refunds: 8000, net: -3300 },
            ]
          : [{ date: from, sales: 90000, fees: 5000, refunds: 0, net: 85000 }],
    });
    open(fake);
    const chart = await screen.findByRole('region', { name: 'Earnings over time' });
    const bars = await within(chart).findByRole('group', { name: 'Net earnings per period' });
    expect(within(chart).getByText('₦13,100.00')).toBeVisible();
    const refundDay = within(bars).getByRole('button', {
      name: /24 November 2026: -₦3,300\.00|24 November 2026: ₦-3,300\.00|24 November 2026: −₦3,300\.00/,
    });
    await userEvent.click(refundDay);
    expect(refundDay).toHaveAttribute('aria-pressed', 'true');
    expect(within(chart).getByText('₦8,000.00')).toBeVisible();
    expect(within(chart).getByText('Tuesday, 24 November 2026')).toBeVisible();

    const first = callsTo(fake, '/earnings/chart')[0]?.query;
    expect(first?.get('granularity')).toBe('day');
    await userEvent.click(within(chart).getByRole('button', { name: 'Month' }));
    await waitFor(() =>
      expect(callsTo(fake, '/earnings/chart').at(-1)?.query.get('granularity')).toBe('month'),
    );
    expect(await within(chart).findByText(/Net ₦85,000\.00|₦85,000\.00/)).toBeVisible();
  });
});

describe('the Earnings & Payouts screen on a phone', () => {
  it('lists the transactions and payouts as cards, not tables', async () => {
    const narrow = (query: string) =>
      ({
        matches: false,
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      }) as unknown as MediaQueryList;
    vi.stubGlobal('matchMedia', narrow);
    try {
      open(
        fakeEarningsApi({
          transactions: [testLine({ description: 'Sale KSW-100777' })],
          payouts: [testPayout()],
        }),
      );
      const list = await screen.findByRole('region', { name: 'Transactions' });
      expect((await within(list).findByText(wholeText('Sale KSW-100777'))).closest('li')).not.toBeNull();
      expect(within(list).queryByRole('table')).not.toBeInTheDocument();
      const history = screen.getByRole('region', { name: 'Payout history' });
      expect(await within(history).findByRole('list')).toBeVisible();
      expect(within(history).queryByRole('table')).not.toBeInTheDocument();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
