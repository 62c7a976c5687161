import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CouponForm } from '@/features/coupons/coupon-form';
import { CouponsPage } from '@/features/coupons/coupons-page';
import { CouponsSummary } from '@/features/coupons/coupons-summary';
import { fakeCouponsApi, testChoices, testCoupon } from '@/test/coupons';
import { renderRoutes, renderScreen } from '@/test/render-screen';

const LIST = '/dashboard/marketing/coupons/list';
const CREATE = '/dashboard/marketing/coupons/create';

const withForm = (fake: ReturnType<typeof fakeCouponsApi>, path: string, edit: string | null = null) =>
  renderRoutes(path, [
    { path: LIST, element: <CouponsPage api={fake.api} /> },
    { path: CREATE, element: <CouponForm api={fake.api} couponId={edit} /> },
  ]);

describe('the coupons list', () => {
  it('shows each coupon with its status, value, uses, paid orders and revenue, filtered by status chips', async () => {
    const fake = fakeCouponsApi({
      coupons: [
        testCoupon({
          _id: 'a',
          code: 'ANKARA10',
          uses: 7,
          usageLimit: 50,
          paidOrders: 5,
          revenue: 81000,
          discountGiven: 9000,
        }),
        testCoupon({
          _id: 'b',
          code: 'LATER',
          status: 'scheduled',
          kind: 'fixed',
          percentOff: null,
          amountOff: 1500,
        }),
      ],
    });
    renderScreen(LIST, LIST, <CouponsPage api={fake.api} />);
    const card = (await screen.findByText('ANKARA10')).closest('li') as HTMLElement;
    expect(within(card).getByText('Active')).toBeVisible();
    expect(within(card).getByText('10% off')).toBeVisible();
    expect(within(card).getByText('7 / 50')).toBeVisible();
    expect(within(card).getByText('₦81,000.00')).toBeVisible();
    expect(within(card).getByText(/You gave ₦9,000.00 in discounts/)).toBeVisible();
    expect(screen.getByText('₦1,500.00 off')).toBeVisible();

    const tabs = screen.getByRole('tablist', { name: 'Coupon status' });
    await userEvent.click(within(tabs).getByRole('tab', { name: 'Scheduled 1' }));
    expect(screen.queryByText('ANKARA10')).not.toBeInTheDocument();
    expect(screen.getByText('LATER')).toBeVisible();
    await userEvent.click(within(tabs).getByRole('tab', { name: 'Expired 0' }));
    expect(screen.getByText('No coupon has expired.')).toBeVisible();
  });

  it('disables and enables a coupon', async () => {
    const fake = fakeCouponsApi({ coupons: [testCoupon({ _id: 'a', code: 'ANKARA10' })] });
    renderScreen(LIST, LIST, <CouponsPage api={fake.api} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Disable ANKARA10' }));
    expect(await screen.findByRole('button', { name: 'Enable ANKARA10' })).toBeVisible();
    expect(screen.getByText('Disabled', { selector: 'span' })).toBeVisible();
    expect(fake.calls.some((c) => c.method === 'POST' && c.path === '/coupons/a/disable')).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Enable ANKARA10' }));
    expect(await screen.findByRole('button', { name: 'Disable ANKARA10' })).toBeVisible();
  });

  it('invites a new seller to create the first coupon, and says when the list cannot load', async () => {
    const empty = fakeCouponsApi();
    const view = renderScreen(LIST, LIST, <CouponsPage api={empty.api} />);
    expect(await screen.findByRole('link', { name: 'Create your first coupon' })).toHaveAttribute(
      'href',
      CREATE,
    );
    view.unmount();
    const broken = fakeCouponsApi({ override: () => ({ status: 500, body: { message: 'down' } }) });
    renderScreen(LIST, LIST, <CouponsPage api={broken.api} />);
    expect(await screen.findByRole('button', { name: /try again/i }, { timeout: 10_000 })).toBeVisible();
  });
});

describe('the coupon form', () => {
  it('creates a live-show coupon with a preview of what buyers get, then lists it', async () => {
    const fake = fakeCouponsApi();
    withForm(fake, CREATE);
    await userEvent.type(await screen.findByLabelText('Coupon code'), 'flash20');
    const percent = screen.getByLabelText('Percentage off');
    await userEvent.clear(percent);
    await userEvent.type(percent, '20');
    await userEvent.type(screen.getByLabelText('Maximum discount (optional)'), '5000');
    await userEvent.click(screen.getByRole('radio', { name: /Live show only/ }));
    await userEvent.click(screen.getByRole('radio', { name: /Friday flash sale/ }));
    expect(
      screen.getByText(
        'Buyers who enter FLASH20 get 20% off, up to ₦5,000.00 everything while your show “Friday flash sale” is live. Limited to once per buyer.',
      ),
    ).toBeVisible();
    expect(
      screen.getByText('On ₦20,000.00 of items they pay ₦16,000.00 (you give ₦4,000.00).'),
    ).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Create coupon' }));

    expect(await screen.findByText('FLASH20')).toBeVisible();
    const sent = fake.calls.find((c) => c.method === 'POST' && c.path === '/coupons')?.body;
    expect(sent).toMatchObject({
      code: 'FLASH20',
      kind: 'percentage',
      percentOff: 20,
      maxDiscount: 5000,
      scope: 'live',
      streamId: testChoices.shows[0]?._id,
      productIds: [],
      perBuyerLimit: 1,
    });
  });

  it('shows the contract’s errors under the fields and the server’s refusal at the button', async () => {
    const fake = fakeCouponsApi({ coupons: [testCoupon({ code: 'TAKEN' })] });
    withForm(fake, CREATE);
    await userEvent.click(await screen.findByRole('radio', { name: /Chosen products/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Create coupon' }));
    expect(await screen.findByText('Code must be at least 3 characters')).toBeVisible();
    expect(screen.getByText('Choose at least one product')).toBeVisible();
    expect(fake.calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await userEvent.type(screen.getByLabelText('Coupon code'), 'taken');
    await userEvent.click(screen.getByRole('checkbox', { name: /Aso oke set/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Create coupon' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You already have a coupon with the code TAKEN',
    );
  });

  it('edits a coupon with its saved values', async () => {
    const fake = fakeCouponsApi({
      coupons: [
        testCoupon({
          _id: 'a',
          code: 'GOWN',
          kind: 'fixed',
          percentOff: null,
          amountOff: 2000,
          minOrder: 10000,
        }),
      ],
    });
    withForm(fake, `${CREATE}?edit=a`, 'a');
    const amount = await screen.findByLabelText('Amount off');
    expect(amount).toHaveValue('2000');
    await userEvent.clear(amount);
    await userEvent.type(amount, '2500');
    await userEvent.click(screen.getByRole('button', { name: 'Save coupon' }));
    await waitFor(() => expect(fake.coupons()[0]?.amountOff).toBe(2500));
    expect(fake.calls.find((c) => c.method === 'PUT')?.path).toBe('/coupons/a');
  });
});

describe('CouponsSummary', () => {
  it('shows active coupons, uses and revenue', async () => {
    const fake = fakeCouponsApi({
      override: (call) =>
        call.path === '/coupons/summary'
          ? {
              status: 200,
              body: { active: 2, scheduled: 1, redemptions: 14, revenue: 120500, discountGiven: 9000 },
            }
          : undefined,
    });
    renderScreen('/m', '/m', <CouponsSummary api={fake.api} />);
    const card = await screen.findByRole('region', { name: 'Coupons' });
    await within(card).findByText('14');
    expect(within(card).getByText('₦120,500.00')).toBeVisible();
    expect(within(card).getByText('1 more scheduled to start.')).toBeVisible();
  });
});
