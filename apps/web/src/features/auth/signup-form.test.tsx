import { type ErrorResponse, PASSWORD_POLICY_TEXT, type RegisterResponse } from '@kasuwa/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Component as SignupScreen } from '@/app/routes/signup.route';
import { localKeys } from '@/lib/storage';
import { type FakeAnswer, fakeFetch, testSeller } from '@/test/fake-api';
import { renderApp } from '@/test/render-app';

function renderSignup(answer: FakeAnswer) {
  const fake = fakeFetch({ 'POST /seller/register': answer });
  renderApp({ path: '/signup', routes: [{ path: 'signup', element: <SignupScreen /> }], fetch: fake.fetch });
  return { calls: fake.calls };
}

const field = (label: string) => screen.getByLabelText(label, { selector: 'input' });

async function fillIn(phone = '0803 123 4567') {
  await userEvent.type(field('First Name'), 'Ngozi');
  await userEvent.type(field('Last Name'), 'Adeyemi');
  await userEvent.type(field('Email'), 'Ngozi@Example.ng');
  await userEvent.type(field('Password'), 'Lekki2026market');
  await userEvent.type(field('Phone Number'), phone);
  await userEvent.type(field('Store Name'), 'Ngozi Wears');
}

const submit = () => userEvent.click(screen.getByRole('button', { name: 'Create account' }));

const created = {
  user: testSeller({ emailVerified: false, isVerified: false, onboardingProcess: null }),
  token: 'tok',
  message: 'Account created. We sent a 6-digit code to ngozi@example.ng to verify your email.',
  referralUsed: false,
  referrerId: null,
} satisfies RegisterResponse;

describe('the sign-up screen', () => {
  it('labels every field as the spec names it and states the password policy under the password', () => {
    renderSignup({ body: created });
    for (const label of ['First Name', 'Last Name', 'Email', 'Password', 'Phone Number', 'Store Name']) {
      expect(field(label)).toBeVisible();
    }
    const described = field('Password').getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(described)?.textContent).toBe(PASSWORD_POLICY_TEXT);
  });

  it('keeps the optional referral code folded away until asked for', async () => {
    renderSignup({ body: created });
    const details = field('Referral code').closest('details');
    expect(details?.open).toBe(false);
    await userEvent.click(screen.getByText(/Have a referral code/));
    expect(details?.open).toBe(true);
  });

  it('marks every missing field under it and sends nothing', async () => {
    const { calls } = renderSignup({ body: created });
    await submit();
    for (const message of [
      'First Name is required',
      'Last Name is required',
      'Email is required',
      'Password must be at least 8 characters',
      'Enter your phone number.',
      'Store Name must be at least 2 characters',
    ]) {
      expect(await screen.findByText(message)).toBeVisible();
    }
    expect(calls).toHaveLength(0);
  });

  it('signs up with the phone in E.164, keeps the token as unverified and goes to the code screen', async () => {
    const { calls } = renderSignup({ status: 201, body: created });
    await fillIn('0803 123 4567');
    await submit();

    expect(await screen.findByText('Landed on /signup/verify-email')).toBeVisible();
    expect(screen.getByText(created.message)).toBeVisible();
    expect(calls[0]?.body).toEqual({
      firstName: 'Ngozi',
      lastName: 'Adeyemi',
      email: 'ngozi@example.ng',
      password: 'Lekki2026market',
      phoneNumber: '+2348031234567',
      storeName: 'Ngozi Wears',
    });
    expect(JSON.parse(localStorage.getItem(localKeys.sellerToken) ?? 'null')).toEqual({
      data: created.user,
      token: 'tok',
      isVerified: false,
    });
  });

  it('sends a referral code when one is given, in capitals', async () => {
    const { calls } = renderSignup({
      status: 201,
      body: { ...created, referralUsed: true } satisfies RegisterResponse,
    });
    await fillIn();
    await userEvent.click(screen.getByText(/Have a referral code/));
    await userEvent.type(field('Referral code'), 'amaka26');
    await submit();
    await screen.findByText('Landed on /signup/verify-email');
    expect(calls[0]?.body).toMatchObject({ referralCode: 'AMAKA26' });
  });

  it("shows the server's message and puts each field problem under its field", async () => {
    renderSignup({
      status: 400,
      body: {
        message: 'Invalid body: phoneNumber: Enter a valid phone number (and 1 more)',
        issues: [
          { path: 'phoneNumber', message: 'Enter a valid phone number with its country code' },
          { path: 'referralCode', message: 'That referral code does not exist' },
        ],
      },
    });
    await fillIn();
    await submit();

    expect(
      await screen.findByText('Invalid body: phoneNumber: Enter a valid phone number (and 1 more)'),
    ).toBeVisible();
    expect(screen.getByText('Enter a valid phone number with its country code')).toBeVisible();
    expect(field('Phone Number').getAttribute('aria-invalid')).toBe('true');
    // The folded referral field opens to show its problem.
    const details = field('Referral code').closest('details');
    expect(details?.open).toBe(true);
    expect(within(details as HTMLElement).getByText('That referral code does not exist')).toBeVisible();
  });

  it('marks the taken store name when the server answers 409', async () => {
    const message = 'This store name is already taken. Choose another one.';
    renderSignup({ status: 409, body: { message } satisfies ErrorResponse });
    await fillIn();
    await submit();
    expect(await screen.findAllByText(message)).toHaveLength(2);
    expect(field('Store Name').getAttribute('aria-invalid')).toBe('true');
    expect(field('Email').getAttribute('aria-invalid')).toBeNull();
    expect(localStorage.getItem(localKeys.sellerToken)).toBeNull();
  });
});
