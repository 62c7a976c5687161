import type { AccountOverviewResponse } from '@kasuwa/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { onboardingTime } from '@/features/account/account-api';
import { AccountPage } from '@/features/account/account-page';
import { createApiClient } from '@/lib/api-client';
import { fakeFetch } from '@/test/fake-api';
import { renderScreen } from '@/test/render-screen';

const PATH = '/dashboard/account';

const overview = (over: Partial<AccountOverviewResponse> = {}): AccountOverviewResponse => ({
  firstName: 'Amaka',
  lastName: 'Okafor',
  email: 'demo@kasuwa.ng',
  emailVerified: true,
  phoneNumber: '+2348031234567',
  storeName: "Amaka's Closet",
  businessName: null,
  storeAvatarUrl: null,
  accountType: 'individual',
  isVerified: true,
  kycStatus: 'verified',
  storeUrl: 'https://kasuwa.example.ng/store/seller-1',
  referralCode: 'AMAKA26',
  referredSellers: 3,
  memberSince: '2026-01-05T09:00:00.000Z',
  onboardingMinutes: 102,
  ...over,
});

function open(answer: Parameters<typeof fakeFetch>[0][string]) {
  const fake = fakeFetch({ 'GET /seller/account': answer });
  renderScreen(PATH, PATH, <AccountPage api={createApiClient({ fetch: fake.fetch, getToken: () => 't' })} />);
  return fake;
}

const fact = (region: HTMLElement, label: string) => within(region).getByText(label).nextElementSibling;

describe('the Account screen', () => {
  it('shows who the seller is, how the account stands, referrals and the onboarding time', async () => {
    open({ body: overview() });
    const profile = await screen.findByRole('region', { name: 'Profile' });
    expect(fact(profile, 'First name')).toHaveTextContent('Amaka');
    expect(fact(profile, 'E-mail')).toHaveTextContent('demo@kasuwa.ng Verified');
    expect(fact(profile, 'Account type')).toHaveTextContent('Individual');
    const status = screen.getByRole('region', { name: 'Status' });
    expect(fact(status, 'Approval')).toHaveTextContent('Approved');
    expect(fact(status, 'KYC')).toHaveTextContent('Verified');
    expect(fact(status, 'Member since')).toHaveTextContent('5 January 2026');
    expect(fact(status, 'Onboarding time')).toHaveTextContent('1 h 42 min');
    const referrals = screen.getByRole('region', { name: 'Referrals' });
    expect(fact(referrals, 'Your referral code')).toHaveTextContent('AMAKA26');
    expect(fact(referrals, 'Sellers who joined with it')).toHaveTextContent('3');
  });

  it('gives the store link with a QR code and a WhatsApp share', async () => {
    open({ body: overview() });
    const store = await screen.findByRole('region', { name: 'Your store link' });
    expect(within(store).getByRole('textbox', { name: 'Share link' })).toHaveValue(
      'https://kasuwa.example.ng/store/seller-1',
    );
    expect(within(store).getByTitle("QR code for Amaka's Closet")).toBeInTheDocument();
    const whatsapp = within(store).getByRole('link', { name: 'Share on WhatsApp' });
    expect(whatsapp.getAttribute('href')).toBe(
      `https://wa.me/?text=${encodeURIComponent("Shop Amaka's Closet on Kasuwa: https://kasuwa.example.ng/store/seller-1")}`,
    );
  });

  it('points a seller whose identity is not verified to the KYC screen, and says what is unfinished', async () => {
    open({
      body: overview({
        kycStatus: 'pending',
        isVerified: false,
        emailVerified: false,
        onboardingMinutes: null,
      }),
    });
    const status = await screen.findByRole('region', { name: 'Status' });
    expect(fact(status, 'Approval')).toHaveTextContent('In review');
    expect(within(status).getByRole('link', { name: 'Verify your identity' })).toHaveAttribute(
      'href',
      '/dashboard/kyc-verification',
    );
    expect(fact(status, 'KYC')).toHaveTextContent('Pending review');
    expect(fact(status, 'Onboarding time')).toHaveTextContent('Onboarding not finished yet');
    expect(fact(screen.getByRole('region', { name: 'Profile' }), 'E-mail')).toHaveTextContent('Not verified');
  });

  it('says an approved seller’s onboarding time was not recorded when it was not', async () => {
    open({ body: overview({ onboardingMinutes: null }) });
    const status = await screen.findByRole('region', { name: 'Status' });
    expect(fact(status, 'Onboarding time')).toHaveTextContent('Not recorded');
  });

  it('writes onboarding time in hours and minutes', () => {
    expect(onboardingTime(0)).toBe('0 min');
    expect(onboardingTime(45)).toBe('45 min');
    expect(onboardingTime(120)).toBe('2 h');
    expect(onboardingTime(155)).toBe('2 h 35 min');
    expect(onboardingTime(60 * 50 + 1)).toBe('50 h 1 min');
  });
});
