import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReturnsPage } from '@/features/returns/returns-page';
import { renderScreen } from '@/test/render-screen';
import { fakeReturnsApi, testReturn } from '@/test/returns';

function open(fake: ReturnType<typeof fakeReturnsApi>, path = '/dashboard/returns') {
  return renderScreen(path, '/dashboard/returns', <ReturnsPage api={fake.api} />);
}

const listCalls = (fake: ReturnType<typeof fakeReturnsApi>) =>
  fake.calls.filter((c) => c.method === 'GET' && c.path === '/returns');
const lastQuery = (fake: ReturnType<typeof fakeReturnsApi>) =>
  Object.fromEntries(listCalls(fake).at(-1)?.query ?? []);

async function rowOf(number: string) {
  return (await screen.findByRole('link', { name: number })).closest('tr, li') as HTMLElement;
}

const hoursFromNow = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the Returns Center', () => {
  it('opens on the requests with each tab’s count and every row’s return, order, buyer, item, reason, status, amount and deadline', async () => {
    const fake = fakeReturnsApi({
      returns: [
        testReturn({
          number: 'RTN-100001',
          order: { _id: 'o1', number: 'KSW-200001' },
          itemCount: 3,
          amount: 23000.5,
          deadline: {
            at: hoursFromNow(72),
            label: 'Answer by Fri 28 Nov, or the return is approved automatically',
          },
        }),
        testReturn({ number: 'RTN-100002', status: 'approved', reason: 'wrong_item', deadline: null }),
        testReturn({ number: 'RTN-100003', status: 'refunded', refunded: 15000, deadline: null }),
      ],
    });
    open(fake);

    const row = await rowOf('RTN-100001');
    expect(within(row).getByText('Chidi Okafor')).toBeVisible();
    expect(within(row).getByText('Order KSW-200001')).toBeVisible();
    expect(within(row).getByText('Ankara wrap dress · 3 items')).toBeVisible();
    expect(within(row).getByText('×3')).toBeVisible();
    expect(within(row).getByText('Arrived damaged')).toBeVisible();
    expect(within(row).getByText('Requested')).toBeVisible();
    expect(within(row).getByText('₦23,000.50')).toBeVisible();
    expect(within(row).getByText(/Answer by Fri 28 Nov/)).toBeVisible();
    expect(screen.queryByRole('link', { name: 'RTN-100002' })).not.toBeInTheDocument();
    expect(lastQuery(fake)).toEqual({ tab: 'requested', page: '1', limit: '20' });

    const tabs = screen.getByRole('tablist', { name: 'Return status' });
    expect(within(tabs).getByRole('tab', { name: 'Requested 1' })).toHaveAttribute('aria-selected', 'true');
    expect(within(tabs).getByRole('tab', { name: 'In progress 1' })).toBeVisible();
    expect(within(tabs).getByRole('tab', { name: 'Refunded 1' })).toBeVisible();
    expect(within(tabs).getByRole('tab', { name: 'Rejected 0' })).toBeVisible();
    expect(within(tabs).getByRole('tab', { name: 'All 3' })).toBeVisible();
  });

  it('asks for the chosen tab and keeps it in the address', async () => {
    const fake = fakeReturnsApi({
      returns: [
        testReturn({ number: 'RTN-100001' }),
        testReturn({ number: 'RTN-100002', status: 'in_transit', deadline: null }),
      ],
    });
    open(fake);
    await rowOf('RTN-100001');
    await userEvent.click(screen.getByRole('tab', { name: 'In progress 1' }));
    expect(await screen.findByRole('link', { name: 'RTN-100002' })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'RTN-100001' })).not.toBeInTheDocument();
    expect(lastQuery(fake)).toMatchObject({ tab: 'in_progress', page: '1' });
    expect(screen.getByTestId('where').textContent).toBe('/dashboard/returns?tab=in_progress');
    expect(within(await rowOf('RTN-100002')).getByText('On its way back')).toBeVisible();
  });

  it('searches once the seller stops typing, and offers to clear a search that finds nothing', async () => {
    const fake = fakeReturnsApi({
      returns: [testReturn({ number: 'RTN-100001' }), testReturn({ number: 'RTN-100002' })],
    });
    open(fake, '/dashboard/returns?tab=all');
    await rowOf('RTN-100001');
    await userEvent.type(screen.getByLabelText('Search returns'), 'RTN-100002');
    await waitFor(() =>
      expect(lastQuery(fake)).toMatchObject({ tab: 'all', search: 'RTN-100002', page: '1' }),
    );
    expect(listCalls(fake).filter((c) => c.query.get('search')?.startsWith('RTN'))).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('link', { name: 'RTN-100001' })).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'RTN-100002' })).toBeVisible();

    await userEvent.clear(screen.getByLabelText('Search returns'));
    await userEvent.type(screen.getByLabelText('Search returns'), 'nobody');
    expect(await screen.findByText('No returns match “nobody”.')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(await screen.findByRole('link', { name: 'RTN-100001' })).toBeVisible();
    expect(screen.getByLabelText('Search returns')).toHaveValue('');
  });

  it('pages through 20 at a time', async () => {
    const returns = Array.from({ length: 25 }, (_, i) => testReturn({ number: `RTN-${300001 + i}` }));
    const fake = fakeReturnsApi({ returns });
    open(fake);
    expect(await screen.findByText('1–20 of 25')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('link', { name: 'RTN-300025' })).toBeVisible();
    expect(screen.getByText('21–25 of 25')).toBeVisible();
    expect(lastQuery(fake)).toEqual({ tab: 'requested', page: '2', limit: '20' });
    expect(screen.getByTestId('where').textContent).toBe('/dashboard/returns?page=2');
  });

  it('says what lands in each empty tab', async () => {
    open(fakeReturnsApi({ returns: [testReturn({ status: 'refunded', deadline: null })] }));
    expect(await screen.findByText('No return requests to answer.')).toBeVisible();
    await userEvent.click(screen.getByRole('tab', { name: 'Rejected 0' }));
    expect(await screen.findByText('No rejected returns.')).toBeVisible();
  });

  it('marks a deadline under a day away, and one that has passed', async () => {
    open(
      fakeReturnsApi({
        returns: [
          testReturn({
            number: 'RTN-100001',
            deadline: { at: hoursFromNow(4.5), label: 'Answer by today 6 pm' },
          }),
          testReturn({
            number: 'RTN-100002',
            deadline: { at: hoursFromNow(-1), label: 'Answer by yesterday' },
          }),
          testReturn({ number: 'RTN-100003', deadline: { at: hoursFromNow(60), label: 'Answer by Sat' } }),
        ],
      }),
    );
    const close = within(await rowOf('RTN-100001'))
      .getByText(/Answer by today 6 pm/)
      .closest('p');
    expect(close).toHaveAttribute('data-urgency', 'close');
    expect(close).toHaveTextContent(/4 h \d+ min left/);
    const passed = within(await rowOf('RTN-100002'))
      .getByText(/Answer by yesterday/)
      .closest('p');
    expect(passed).toHaveAttribute('data-urgency', 'passed');
    expect(passed).toHaveTextContent('due now');
    expect(
      within(await rowOf('RTN-100003'))
        .getByText(/Answer by Sat/)
        .closest('p'),
    ).toHaveAttribute('data-urgency', 'later');
  });

  it('shows cards on a phone, each leading to its return', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query) =>
        ({
          matches: false,
          media: query,
          addEventListener: () => undefined,
          removeEventListener: () => undefined,
        }) as unknown as MediaQueryList,
    );
    const ret = testReturn({ number: 'RTN-100001' });
    open(fakeReturnsApi({ returns: [ret] }));
    const link = await screen.findByRole('link', { name: 'RTN-100001' });
    expect(link.closest('li')).not.toBeNull();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(link).toHaveAttribute('href', `/dashboard/return/${ret._id}`);
  });

  it('offers a retry when the list cannot be loaded', async () => {
    let fail = true;
    const fake = fakeReturnsApi({
      returns: [testReturn({ number: 'RTN-100001' })],
      override: (call) =>
        call.path === '/returns' && fail ? { status: 503, body: { message: 'Down' } } : undefined,
    });
    open(fake);
    expect(await screen.findByText('We could not load your returns.', {}, { timeout: 15_000 })).toBeVisible();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'RTN-100001' })).toBeVisible();
  });
});
