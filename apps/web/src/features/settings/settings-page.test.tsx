import { DEFAULT_NOTIFICATION_PREFERENCES, type SettingsResponse } from '@kasuwa/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SettingsPage } from '@/features/settings/settings-page';
import { createApiClient } from '@/lib/api-client';
import { readBearerToken } from '@/lib/session-token';
import { fakeFetch, type RecordedCall, storeTestSession, testSeller } from '@/test/fake-api';
import { renderScreen } from '@/test/render-screen';

const PATH = '/dashboard/settings';

function settings(over: Partial<SettingsResponse> = {}): SettingsResponse {
  return {
    closure: null,
    store: {
      storeName: 'Ngozi Wears',
      description: '',
      storeSlug: null,
      suggestedSlug: 'ngozi-wears',
      avatarUrl: null,
      bannerUrl: null,
    },
    pickupAddress: { accountType: 'individual', registered: false, address: null, warehouse: null },
    returnsPolicy: { returnsAndExchangePolicy: 'kasuwa', returnWindowDays: 7 },
    notificationPreferences: DEFAULT_NOTIFICATION_PREFERENCES,
    ...over,
  };
}

function open(
  initial = settings(),
  extra: Record<string, (call: RecordedCall) => { status?: number; body?: unknown }> = {},
) {
  let current = initial;
  const saved = (
    call: RecordedCall,
    patch: (s: SettingsResponse, body: never) => SettingsResponse,
    message: string,
  ) => {
    current = patch(current, call.body as never);
    return { body: { ...current, message } };
  };
  const { fetch, calls } = fakeFetch({
    'GET /seller/settings': () => ({ body: current }),
    'GET /seller/profile': { body: testSeller() },
    'PUT /seller/settings/pickup-address': (call) =>
      saved(
        call,
        (s) => ({ ...s, pickupAddress: { ...s.pickupAddress, registered: true } }),
        'Pickup address saved',
      ),
    'PUT /seller/settings/store-profile': (call) =>
      saved(
        call,
        (s, body: { storeName: string; storeSlug: string; description: string }) => ({
          ...s,
          store: {
            ...s.store,
            storeName: body.storeName,
            storeSlug: body.storeSlug,
            description: body.description,
          },
        }),
        'Store profile saved',
      ),
    'PUT /seller/settings/returns-policy': (call) =>
      saved(
        call,
        (s, body: { returnsAndExchangePolicy: 'kasuwa' | 'custom'; returnWindowDays?: number }) => ({
          ...s,
          returnsPolicy: {
            returnsAndExchangePolicy: body.returnsAndExchangePolicy,
            returnWindowDays: body.returnWindowDays ?? 7,
          },
        }),
        'Returns policy saved',
      ),
    'PUT /seller/settings/notifications': (call) =>
      saved(
        call,
        (s, body: { preferences: SettingsResponse['notificationPreferences'] }) => ({
          ...s,
          notificationPreferences: body.preferences,
        }),
        'Notification preferences saved',
      ),
    ...extra,
  });
  const api = createApiClient({ fetch });
  renderScreen(
    PATH,
    PATH,
    <SettingsPage api={api} delivery={<p>Delivery form</p>} vacation={<p>Vacation switch</p>} />,
  );
  return { calls };
}

const region = (name: string) => screen.findByRole('region', { name });

describe('the settings screen', () => {
  it('shows every section with its link, and composes delivery and vacation mode', async () => {
    open();
    for (const name of [
      'Store profile',
      'Pickup address',
      'Delivery',
      'Returns policy',
      'Notifications',
      'Security',
    ]) {
      expect(await region(name)).toBeVisible();
    }
    const nav = screen.getByRole('navigation', { name: 'Settings sections' });
    expect(within(nav).getByRole('link', { name: 'Pickup address' })).toHaveAttribute(
      'href',
      '#pickup-address',
    );
    expect(screen.getByText('Delivery form')).toBeVisible();
    expect(screen.getByText('Vacation switch')).toBeVisible();
    expect(screen.getByLabelText('Store link')).toHaveValue('ngozi-wears');
  });

  it('closes the account only with the store name typed and a password, then offers to keep it', async () => {
    const closure = { requestedAt: '2026-11-28T05:00:00.000Z', closesAt: '2026-12-28T05:00:00.000Z' };
    let closed = false;
    const { calls } = open(settings(), {
      'GET /seller/settings': () => ({ body: settings({ closure: closed ? closure : null }) }),
      'POST /seller/settings/close-account': () => {
        closed = true;
        return { body: { message: 'Your account will close on Mon Dec 28 2026.', closure } };
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Close my account' }));
    const confirm = screen.getByRole('button', { name: 'Close my account in 30 days' });
    expect(confirm).toBeDisabled();
    await userEvent.type(
      screen.getByLabelText('Type your store name (Ngozi Wears) to confirm'),
      'ngozi wears',
    );
    await userEvent.type(screen.getByLabelText('Password'), 'Kasuwa#Old2026');
    await userEvent.click(confirm);
    expect(await screen.findByText('Your account closes on 28 December 2026.')).toBeVisible();
    expect(calls.find((c) => c.path === '/seller/settings/close-account')?.body).toEqual({
      storeName: 'ngozi wears',
      password: 'Kasuwa#Old2026',
    });
    expect(screen.getByRole('button', { name: 'Keep my account' })).toBeVisible();
  });

  it('refuses an incomplete pickup address without calling the server, then saves a complete one', async () => {
    const { calls } = open();
    const section = await region('Pickup address');
    expect(within(section).getByText(/Not registered yet/)).toBeVisible();
    await userEvent.click(within(section).getByRole('button', { name: 'Save pickup address' }));
    expect(await screen.findByText('Choose a country')).toBeVisible();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    const pick = async (name: string, text: string, option: string) => {
      const box = within(section).getByRole('combobox', { name });
      await waitFor(() => expect(box).toBeEnabled());
      await userEvent.type(box, text);
      await userEvent.click(await screen.findByRole('option', { name: option }));
    };
    await pick('Country', 'Nigeria', 'Nigeria');
    await pick('State', 'Lagos', 'Lagos');
    await pick('City', 'Ikeja', 'Ikeja');
    await userEvent.type(within(section).getByLabelText('Street address'), '12 Allen Avenue');
    await userEvent.type(within(section).getByLabelText('Zip code'), '100271');
    await userEvent.click(within(section).getByRole('button', { name: 'Save pickup address' }));
    expect(await within(section).findByText(/Registered: couriers collect your orders here/)).toBeVisible();
    expect(calls.find((c) => c.path === '/seller/settings/pickup-address')?.body).toEqual({
      address: {
        country: 'Nigeria',
        state: 'Lagos',
        city: 'Ikeja',
        streetAddress1: '12 Allen Avenue',
        zipCode: '100271',
      },
    });
  });

  it('shows a saved address in the pickers', async () => {
    open(
      settings({
        pickupAddress: {
          accountType: 'individual',
          registered: true,
          address: {
            country: 'Nigeria',
            state: 'Lagos',
            city: 'Ikeja',
            streetAddress1: '12 Allen Avenue',
            streetAddress2: '',
            zipCode: '100271',
          },
          warehouse: null,
        },
      }),
    );
    const section = await region('Pickup address');
    expect(within(section).getByRole('combobox', { name: 'State' })).toHaveValue('Lagos');
    expect(within(section).getByRole('combobox', { name: 'City' })).toHaveValue('Ikeja');
    expect(within(section).getByLabelText('Street address')).toHaveValue('12 Allen Avenue');
  });

  it('checks the store link before sending and shows the server refusal of a taken one', async () => {
    const { calls } = open(settings(), {
      'PUT /seller/settings/store-profile': () => ({
        status: 409,
        body: { message: 'This store link is already taken. Choose another one.' },
      }),
    });
    const link = await screen.findByLabelText('Store link');
    await userEvent.clear(link);
    await userEvent.type(link, 'bad link');
    await userEvent.click(screen.getByRole('button', { name: 'Save store profile' }));
    expect(await screen.findByText(/Use lowercase letters, numbers and single hyphens only/)).toBeVisible();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    await userEvent.clear(link);
    await userEvent.type(link, 'taken-link');
    await userEvent.click(screen.getByRole('button', { name: 'Save store profile' }));
    expect(await screen.findByText('This store link is already taken. Choose another one.')).toBeVisible();
  });

  it('saves a custom returns window and the notification table', async () => {
    const { calls } = open();
    const returns = await region('Returns policy');
    await userEvent.click(within(returns).getByRole('radio', { name: /My own policy: 14 days/ }));
    await userEvent.click(within(returns).getByRole('button', { name: 'Save returns policy' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/seller/settings/returns-policy')?.body).toEqual({
        returnsAndExchangePolicy: 'custom',
        returnWindowDays: 14,
      }),
    );
    const notices = await region('Notifications');
    await userEvent.click(within(notices).getByRole('checkbox', { name: 'Orders and stock: e-mail' }));
    await userEvent.click(within(notices).getByRole('button', { name: 'Save notification preferences' }));
    await waitFor(() =>
      expect(
        (
          calls.find((c) => c.path === '/seller/settings/notifications')?.body as {
            preferences: { orders: unknown };
          }
        )?.preferences.orders,
      ).toEqual({ inApp: true, email: false }),
    );
    expect(within(notices).getByText(/Security messages .* are always sent/)).toBeVisible();
  });

  it('changes the password and keeps this device signed in with the fresh token', async () => {
    storeTestSession(testSeller(), 'old-token');
    const { calls } = open(settings(), {
      'POST /seller/settings/password': () => ({
        body: { message: 'Password changed. You have been signed out everywhere else.', token: 'new-token' },
      }),
    });
    const security = await region('Security');
    await userEvent.type(within(security).getByLabelText('Current password'), 'Kasuwa#Old2026');
    await userEvent.type(within(security).getByLabelText('New password'), 'Kasuwa#New2026');
    await userEvent.click(within(security).getByRole('button', { name: 'Change password' }));
    expect(
      await screen.findByText('Password changed. You have been signed out everywhere else.'),
    ).toBeVisible();
    expect(calls.find((c) => c.path === '/seller/settings/password')?.headers.authorization).toBe(
      'Bearer old-token',
    );
    expect(readBearerToken()).toBe('new-token');
  });

  it('lists the signed-in devices, this one first, and lists them again after signing out the others', async () => {
    storeTestSession(testSeller(), 'old-token');
    let signedOut = false;
    const now = Date.now();
    const phone = {
      current: true,
      device: 'Chrome on Android',
      network: '102.89.34.x',
      firstSeenAt: new Date(now - 86_400_000).toISOString(),
      lastSeenAt: new Date(now).toISOString(),
    };
    const laptop = {
      current: false,
      device: 'Chrome on Windows',
      network: '41.58.2.x',
      firstSeenAt: new Date(now - 5 * 86_400_000).toISOString(),
      lastSeenAt: new Date(now - 3 * 3_600_000).toISOString(),
    };
    const { calls } = open(settings(), {
      'GET /seller/settings/sessions': () => ({ body: { sessions: signedOut ? [phone] : [laptop, phone] } }),
      'POST /seller/settings/sign-out-others': () => {
        signedOut = true;
        return { body: { message: 'Signed out of every other device', token: 'new-token' } };
      },
    });
    const security = await region('Security');
    const list = await within(security).findByRole('list', { name: 'Signed-in devices' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual([
      'Chrome on AndroidThis deviceActive now · 102.89.34.x',
      'Chrome on WindowsActive 3 hours ago · 41.58.2.x',
    ]);
    // Every signed-in call names this browser, so the server can list it.
    expect(calls.find((c) => c.path === '/seller/settings/sessions')?.headers['x-device-id']).toMatch(
      /^[0-9a-f-]{36}$/,
    );
    await userEvent.click(within(security).getByRole('button', { name: 'Sign out everywhere else' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(readBearerToken()).toBe('new-token');
  });
});
