import { type AnalyticsResponse, analyticsQuery } from '@kasuwa/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from '@/features/insights/csv';
import { InsightsPage } from '@/features/insights/insights-page';
import { shadeOf, shapeIdOf } from '@/features/insights/nigeria-map';
import { type Call, fakeApiClient } from '@/test/in-memory-api';
import { renderScreen } from '@/test/render-screen';

const PATH = '/dashboard/analytics-insights';

const answer = (over: Partial<AnalyticsResponse> = {}): AnalyticsResponse => ({
  period: {
    from: '2026-03-04',
    to: '2026-03-10',
    days: 7,
    previousFrom: '2026-02-25',
    previousTo: '2026-03-03',
    timeZone: 'Africa/Lagos',
  },
  figures: {
    sales: { current: 41_500, previous: 15_000 },
    paidOrders: { current: 2, previous: 2 },
    orders: { current: 4, previous: 2 },
    averageOrderValue: { current: 20_750, previous: 7_500 },
    conversionRate: { current: 0.4, previous: 1 },
    viewers: { current: 5, previous: 2 },
    buyers: { current: 2, previous: 2 },
    newCustomers: { current: 1, previous: 0 },
    returningCustomers: { current: 1, previous: 2 },
    refunds: { current: 5_000, previous: 0 },
    refundCount: { current: 1, previous: 0 },
  },
  salesOverTime: ['04', '05', '06', '07', '08', '09', '10'].map((d) => ({
    day: `2026-03-${d}`,
    sales: d === '09' ? 21_500 : d === '04' ? 20_000 : 0,
    orders: d === '09' || d === '04' ? 1 : 0,
    previousSales: 0,
  })),
  ordersByStatus: [
    { status: 'to_pay', orders: 1 },
    { status: 'delivered', orders: 3 },
  ],
  topProducts: [
    { name: 'Kaftan', units: 2, sales: 20_000 },
    { name: '=HYPERLINK("x")', units: 1, sales: 500 },
  ],
  salesByState: [
    { state: 'Lagos', sales: 21_500, orders: 1 },
    { state: 'Fct', sales: 20_000, orders: 1 },
    { state: '', sales: 1_000, orders: 1 },
  ],
  shows: [
    {
      id: '11111111-1111-4111-8111-111111111111',
      title: 'Ankara Friday',
      startedAt: '2026-03-08T18:00:00.000Z',
      minutes: 60,
      viewers: 200,
      commenters: 50,
      bidders: 20,
      buyers: 5,
      peakViewers: 90,
      revenue: 21_500,
      revenuePerMinute: 358.33,
    },
  ],
  blips: [
    {
      id: '22222222-2222-4222-8222-222222222222',
      productName: 'Lace Fabric',
      caption: 'New lace in',
      postedAt: '2026-01-05T10:00:00.000Z',
      views: 40,
      likes: 6,
      orders: 1,
    },
  ],
  ...over,
});

function fake(respond: (call: Call) => AnalyticsResponse | 'fail' = () => answer()) {
  return fakeApiClient((call) => {
    if (call.method !== 'GET' || call.path !== '/analytics')
      return { status: 404, body: { message: 'Not found' } };
    const query = analyticsQuery.safeParse(Object.fromEntries(call.query));
    if (!query.success)
      return { status: 400, body: { message: query.error.issues[0]?.message ?? 'Invalid' } };
    const r = respond(call);
    return r === 'fail'
      ? { status: 500, body: { message: 'Something went wrong' } }
      : { status: 200, body: r };
  });
}

function open(f: ReturnType<typeof fake>, path = PATH) {
  const saved: { csv: string; fileName: string }[] = [];
  const view = renderScreen(
    path,
    PATH,
    <InsightsPage api={f.api} saveCsv={(csv, fileName) => saved.push({ csv, fileName })} />,
  );
  return { ...view, saved };
}

describe('the Analytics & Insights screen', () => {
  it('shows each figure with its change against the previous period', async () => {
    open(fake());
    const figures = await screen.findByRole('region', { name: 'Key figures' });
    const sales = within(figures).getByText('Sales').closest('li') as HTMLElement;
    expect(within(sales).getByText('₦41,500.00')).toBeVisible();
    expect(within(sales).getByText(/176\.7%/)).toBeVisible();
    expect(within(sales).getByText('vs ₦15,000.00')).toBeVisible();
    const conversion = within(figures).getByText('Conversion').closest('li') as HTMLElement;
    expect(within(conversion).getByText('40%')).toBeVisible();
    expect(within(conversion).getByText('2 buyers from 5 viewers')).toBeVisible();
    // More refunds is bad news: red, and said as "Up" to a screen reader.
    const refunds = within(figures).getByText('Refunds').closest('li') as HTMLElement;
    expect(within(refunds).getByText('None before')).toBeVisible();
    expect(screen.getByText(/compared with/)).toHaveTextContent('Days are Lagos days');
  });

  it('draws the charts with their figures in words and tables', async () => {
    open(fake());
    expect(await screen.findByRole('group', { name: 'Sales per day' })).toBeVisible();
    expect(
      screen.getByRole('list', { name: 'Orders placed in these dates by where they are now' }),
    ).toHaveTextContent('Delivered3 · 75%');
    const states = screen.getByRole('table', { name: 'Sales by state' });
    expect(within(states).getByText('Federal Capital Territory')).toBeVisible();
    expect(within(states).getByText('No address (store pickup or not given)')).toBeVisible();
    expect(screen.getByRole('img', { name: /most in Lagos/ })).toBeVisible();
    expect(screen.getByRole('list', { name: 'Funnel of Ankara Friday' })).toHaveTextContent('Buyers5 · 2.5%');
    expect(screen.getByRole('table', { name: 'Blips: views, likes and orders' })).toHaveTextContent(
      'New lace in',
    );
  });

  it('downloads each table as CSV with plain figures and no formulas', async () => {
    const { saved } = open(fake());
    const products = await screen.findByRole('table', { name: 'Top products by sales' });
    expect(products).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV of Top products by sales' }));
    expect(saved).toEqual([
      {
        fileName: 'kasuwa-top-products-2026-03-04-to-2026-03-10.csv',
        csv: 'Product,Units,Sales (₦)\r\nKaftan,2,20000\r\n"\'=HYPERLINK(""x"")",1,500\r\n',
      },
    ]);
    await userEvent.click(
      screen.getByRole('button', { name: 'Download CSV of Live shows: funnel and revenue' }),
    );
    expect(saved[1]?.csv.split('\r\n')[1]).toBe(
      'Ankara Friday,2026-03-08T18:00:00.000Z,60,200,50,20,5,90,21500,358.33',
    );
  });

  it('asks again for the period chosen, and keeps it in the address', async () => {
    const f = fake();
    const view = open(f);
    await screen.findByRole('region', { name: 'Key figures' });
    expect(f.calls.at(-1)?.query.get('range')).toBe('30d');
    await userEvent.click(screen.getByRole('button', { name: '90 days' }));
    await waitFor(() => expect(f.calls.at(-1)?.query.get('range')).toBe('90d'));
    expect(view.getByTestId('where')).toHaveTextContent('?range=90d');
    await userEvent.click(screen.getByRole('button', { name: 'Custom' }));
    const from = screen.getByLabelText('From');
    await userEvent.clear(from);
    await userEvent.type(from, '2026-01-01');
    const to = screen.getByLabelText('To');
    await userEvent.clear(to);
    await userEvent.type(to, '2026-01-31');
    await userEvent.click(screen.getByRole('button', { name: 'Show these dates' }));
    await waitFor(() =>
      expect(f.calls.at(-1)?.query.toString()).toBe('range=custom&from=2026-01-01&to=2026-01-31'),
    );
  });

  // A 500 is retried twice (about 3 s) before the screen says so.
  it('says when there is nothing yet, and offers a retry when loading fails', async () => {
    let fail = true;
    const empty = answer({
      salesOverTime: [{ day: '2026-03-10', sales: 0, orders: 0, previousSales: 0 }],
      ordersByStatus: [],
      topProducts: [],
      salesByState: [],
      shows: [],
      blips: [],
    });
    open(fake(() => (fail ? 'fail' : empty)));
    expect(await screen.findByText('We could not load your figures.', {}, { timeout: 10_000 })).toBeVisible();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No live shows in these dates.')).toBeVisible();
    expect(screen.getAllByText('No orders in these dates yet.')).toHaveLength(2);
    expect(screen.getByText(/No blips yet/)).toBeVisible();
  }, 20_000);
});

describe('the map and the CSV cells', () => {
  it('matches reference-data state names to the shapes, and shades by sales', () => {
    expect(shapeIdOf('Akwa Ibom')).toBe('akwa-ibom');
    expect(shapeIdOf('Nasarawa')).toBe('nassarawa');
    expect(shapeIdOf('Fct')).toBe('fct');
    expect(shadeOf(0, 100)).toBe('#e5e7eb');
    expect(shadeOf(100, 100)).toBe('#0b5229');
    expect(shadeOf(1, 100)).toBe('#d5f5df');
  });

  it('quotes what needs quoting and defuses formulas', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('+234')).toBe("'+234");
    expect(csvCell(-5)).toBe('-5');
    expect(toCsv(['A'], [['x']])).toBe('A\r\nx\r\n');
  });
});
