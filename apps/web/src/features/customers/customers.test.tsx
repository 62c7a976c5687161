import type { CustomerResponse } from '@kasuwa/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CustomerPage } from '@/features/customers/customer-page';
import { readCustomerParams, writeCustomerParams } from '@/features/customers/customers-api';
import { CustomersPage } from '@/features/customers/customers-page';
import { fakeDownloader, fakeOrdersApi, summaryOf, testCustomer, testId, testOrder } from '@/test/orders';
import { renderScreen } from '@/test/render-screen';

const listCalls = (fake: ReturnType<typeof fakeOrdersApi>) =>
  fake.calls.filter((c) => c.method === 'GET' && c.path === '/customers');

describe('the Customers screen', () => {
  it('lists name, state, orders, total spent and last order, each linking to the customer', async () => {
    const amaka = testCustomer({ name: 'Amaka Eze', state: 'Enugu', orderCount: 3, totalSpent: 52000.5 });
    const fake = fakeOrdersApi({ customers: [amaka, testCustomer({ name: 'Tunde Bello' })] });
    renderScreen(
      '/dashboard/customers',
      '/dashboard/customers',
      <CustomersPage api={fake.api} download={fakeDownloader().download} />,
    );
    const link = await screen.findByRole('link', { name: 'Amaka Eze' });
    expect(link).toHaveAttribute('href', `/dashboard/customer/${amaka._id}`);
    const row = link.closest('tr') as HTMLElement;
    expect(within(row).getByText('Enugu')).toBeVisible();
    expect(within(row).getByText('3')).toBeVisible();
    expect(within(row).getByText('₦52,000.50')).toBeVisible();
    expect(within(row).getByText('10 Mar 2026')).toBeVisible();
  });

  it('keeps search, sort and page in the URL and exports the same list', async () => {
    const fake = fakeOrdersApi({ customers: [testCustomer({ name: 'Amaka Eze' })] });
    const downloader = fakeDownloader();
    renderScreen(
      '/dashboard/customers?sort=total_spent',
      '/dashboard/customers',
      <CustomersPage api={fake.api} download={downloader.download} />,
    );
    await screen.findByRole('link', { name: 'Amaka Eze' });
    expect(listCalls(fake)[0]?.query.get('sort')).toBe('total_spent');
    await userEvent.type(screen.getByLabelText('Search customers'), 'amaka');
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe(
        '/dashboard/customers?search=amaka&sort=total_spent',
      ),
    );
    expect(listCalls(fake).at(-1)?.query.get('search')).toBe('amaka');
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(downloader.downloads[0]?.path).toBe('/customers/export.csv?sort=total_spent&search=amaka');
    expect(readCustomerParams(writeCustomerParams({ search: 'x', sort: 'name', page: 4 }))).toEqual({
      search: 'x',
      sort: 'name',
      page: 4,
    });
  });

  it('says when there are no customers yet', async () => {
    renderScreen('/dashboard/customers', '/dashboard/customers', <CustomersPage api={fakeOrdersApi().api} />);
    expect(await screen.findByText('No customers yet.')).toBeVisible();
  });
});

describe('one customer', () => {
  it('shows their spend, dates, contacts, addresses, shows attended and orders', async () => {
    const order = testOrder({ number: 'KSW-100300' });
    const customerId = testId(990001);
    const detail = {
      customer: {
        ...testCustomer({ _id: customerId, name: 'Amaka Eze', totalSpent: 17500, orderCount: 1 }),
        email: 'amaka@example.ng',
        phoneNumber: '+2348090000000',
        firstOrderAt: '2026-02-01T10:00:00.000Z',
        addresses: [
          {
            fullName: 'Amaka Eze',
            phoneNumber: '+2348090000000',
            state: 'Enugu',
            city: 'Nsukka',
            addressLine1: '4 Market Road',
          },
        ],
        showsAttended: [
          { _id: testId(77), title: 'Friday Ankara show', startedAt: '2026-02-01T18:00:00.000Z' },
        ],
      },
      orders: [summaryOf(order)],
    } satisfies CustomerResponse;
    const fake = fakeOrdersApi({ customerDetail: detail });
    renderScreen(
      `/dashboard/customer/${customerId}`,
      '/dashboard/customer/:id',
      <CustomerPage
        customerId={customerId}
        api={fake.api}
        renderOrders={(orders) => <p>{orders.map((o) => o.number).join(', ')}</p>}
      />,
    );
    expect(await screen.findByRole('heading', { name: 'Amaka Eze' })).toBeVisible();
    expect(screen.getByText('Total spent').nextSibling?.textContent).toBe('₦17,500.00');
    expect(screen.getByText('First order').nextSibling?.textContent).toBe('1 Feb 2026');
    expect(screen.getByRole('link', { name: '+2348090000000' })).toHaveAttribute(
      'href',
      'tel:+2348090000000',
    );
    expect(screen.getByText(/4 Market Road/)).toBeVisible();
    expect(screen.getByText('Friday Ankara show')).toBeVisible();
    const orders = screen.getByRole('region', { name: 'Orders' });
    // The rows themselves are the Orders screen's (the route passes OrderRows); here, that they get the orders.
    expect(within(orders).getByText('KSW-100300')).toBeVisible();
  });

  it('says when the customer is not the seller’s', async () => {
    renderScreen(
      `/dashboard/customer/${testId(5)}`,
      '/dashboard/customer/:id',
      <CustomerPage customerId={testId(5)} api={fakeOrdersApi().api} renderOrders={() => null} />,
    );
    expect(await screen.findByRole('heading', { name: 'Customer not found' })).toBeVisible();
  });
});
