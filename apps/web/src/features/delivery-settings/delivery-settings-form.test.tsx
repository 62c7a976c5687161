import type { DeliverySettings } from '@kasuwa/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DeliverySettingsForm } from '@/features/delivery-settings/delivery-settings-form';
import { defaultDeliverySettings, fakeOrdersApi } from '@/test/orders';
import { renderScreen } from '@/test/render-screen';

function open(fake: ReturnType<typeof fakeOrdersApi>) {
  return renderScreen('/dashboard/settings', '/dashboard/settings', <DeliverySettingsForm api={fake.api} />);
}
const puts = (fake: ReturnType<typeof fakeOrdersApi>) => fake.calls.filter((c) => c.method === 'PUT');

describe('the delivery settings form', () => {
  it('shows what the server holds', async () => {
    open(fakeOrdersApi());
    expect(await screen.findByRole('switch', { name: 'I ship orders myself' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    expect(screen.getByRole('combobox', { name: 'State 1' })).toHaveValue('Lagos');
    expect(screen.getByLabelText('Fee 1')).toHaveValue('2500');
    expect(screen.getByRole('switch', { name: 'Store pickup' })).toHaveAttribute('aria-checked', 'false');
    expect(screen.getByLabelText('Low-stock alert at')).toHaveValue('2');
    expect(screen.getByLabelText('Time to pay for an auction win')).toHaveValue('24');
  });

  it('refuses a fee that is not a number, a negative one and hours out of range, and sends nothing', async () => {
    const fake = fakeOrdersApi();
    open(fake);
    const fee = await screen.findByLabelText('Fee 1');
    await userEvent.clear(fee);
    await userEvent.type(fee, 'abc');
    const hours = screen.getByLabelText('Time to pay for an auction win');
    await userEvent.clear(hours);
    await userEvent.type(hours, '200');
    await userEvent.click(screen.getByRole('button', { name: 'Save delivery settings' }));
    expect(await screen.findByText('Fee must be a number')).toBeVisible();
    expect(screen.getByText('Enter whole hours from 1 to 168')).toBeVisible();
    await userEvent.clear(fee);
    await userEvent.type(fee, '-5');
    await userEvent.click(screen.getByRole('button', { name: 'Save delivery settings' }));
    expect(await screen.findByText('Fee cannot be negative')).toBeVisible();
    expect(puts(fake)).toHaveLength(0);
  });

  it('asks for a state on an added row', async () => {
    const fake = fakeOrdersApi();
    open(fake);
    await userEvent.click(await screen.findByRole('button', { name: 'Add state' }));
    await userEvent.type(screen.getByLabelText('Fee 2'), '3000');
    await userEvent.click(screen.getByRole('button', { name: 'Save delivery settings' }));
    expect(await screen.findByText('Choose a state')).toBeVisible();
    expect(puts(fake)).toHaveLength(0);
  });

  it('fills every state with one fee and saves the contract body, with a toast', async () => {
    const fake = fakeOrdersApi();
    open(fake);
    await userEvent.type(await screen.findByLabelText('Same fee for all states'), '3,500');
    await userEvent.click(screen.getByRole('button', { name: 'Apply to all 37 states' }));
    expect(screen.getByRole('combobox', { name: 'State 37' })).toBeVisible();
    await userEvent.click(screen.getByRole('switch', { name: 'Pay on delivery' }));
    const cap = screen.getByLabelText('Largest order for pay on delivery');
    await userEvent.clear(cap);
    await userEvent.type(cap, '75000');
    await userEvent.click(screen.getByRole('button', { name: 'Save delivery settings' }));

    expect(await screen.findByText('Delivery settings saved')).toBeVisible();
    const body = puts(fake)[0]?.body as DeliverySettings;
    expect(body.shipping.fees).toHaveLength(37);
    expect(body.shipping.fees.every((f) => f.fee === 3500)).toBe(true);
    expect(body.shipping.fees.map((f) => f.state)).toContain('Fct');
    expect(body.payOnDelivery).toEqual({ enabled: true, cap: 75000 });
    expect(body.lowStockThreshold).toBe(2);
  });

  it('removes a state', async () => {
    const fake = fakeOrdersApi({
      settings: {
        ...defaultDeliverySettings,
        shipping: {
          enabled: true,
          fees: [
            { state: 'Lagos', fee: 2500 },
            { state: 'Ogun', fee: 3000 },
          ],
        },
      },
    });
    open(fake);
    await userEvent.click(await screen.findByRole('button', { name: 'Remove state 1' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save delivery settings' }));
    await waitFor(() => expect(puts(fake)).toHaveLength(1));
    expect(puts(fake)[0]?.body).toMatchObject({
      shipping: { enabled: true, fees: [{ state: 'Ogun', fee: 3000 }] },
    });
    expect(within(document.body).queryByRole('combobox', { name: 'State 2' })).not.toBeInTheDocument();
  });
});
