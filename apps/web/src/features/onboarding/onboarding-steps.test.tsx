import type { OnboardingStepResponse } from '@kasuwa/contracts';
import { nubanCheckDigit } from '@kasuwa/contracts';
import { findCountryBySlug } from '@kasuwa/reference-data';
import { render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { describe, expect, it } from 'vitest';
import { useOnboardingContext } from '@/features/onboarding/onboarding-context';
import { emptyAddress, emptyDraft } from '@/features/onboarding/onboarding-draft';
import { OnboardingProvider } from '@/features/onboarding/onboarding-provider';
import { CreateProfileStep } from '@/features/onboarding/steps/create-profile-step';
import { VerificationStep } from '@/features/onboarding/steps/verification-step';
import { checkBank, checkBusinessInformation, notices } from '@/features/onboarding/validation';
import { createApiClient } from '@/lib/api-client';
import { readBearerToken, readStoredSeller } from '@/lib/session-token';
import { storeTestSession, testSeller } from '@/test/fake-api';

function renderStep(element: ReactNode, upload?: (path: string, form: FormData) => Promise<unknown>) {
  const router = createMemoryRouter(
    [
      { path: '/step', element },
      { path: '*', element: <h1>Next screen</h1> },
    ],
    { initialEntries: ['/step'] },
  );
  const uploadImpl = upload
    ? <T,>(path: string, form: FormData) => upload(path, form) as Promise<T>
    : undefined;
  render(
    <OnboardingProvider
      api={createApiClient({ fetch: async () => new Response('{}') })}
      {...(uploadImpl ? { upload: uploadImpl } : {})}
    >
      <RouterProvider router={router} />
      <Toaster />
    </OnboardingProvider>,
  );
  return router;
}

const file = (name: string, type: string) => new File([new Uint8Array([37, 80, 68, 70])], name, { type });
const user = () => userEvent.setup({ applyAccept: false });

describe('useOnboardingContext', () => {
  it('throws the spec message outside an OnboardingProvider', () => {
    expect(() => renderHook(() => useOnboardingContext())).toThrow(
      'useOnboardingContext must be used within an OnboardingProvider',
    );
  });
});

describe('business information rules', () => {
  const nigeria = findCountryBySlug('nigeria') ?? null;
  const filled = {
    location: { country: nigeria, state: { typed: 'Lagos' }, city: { typed: 'Ikeja' } },
    street1: '1 Marina',
    street2: '',
    zipCode: '100001',
  };
  const complete = {
    ...emptyDraft.businessInfo,
    email: 'sales@adire.ng',
    phone: { country: 'NG', number: '08031234567' },
    address: filled,
  };

  it('names the business details when a business field is missing, warehouse ticked or not', () => {
    expect(checkBusinessInformation({ ...complete, email: '' })).toEqual(notices.businessInfoMissing);
    expect(checkBusinessInformation({ ...complete, email: '', fillWarehouse: true })).toEqual(
      notices.businessInfoMissing,
    );
  });

  it('names the warehouse when the box is ticked and a warehouse field is missing', () => {
    expect(checkBusinessInformation({ ...complete, fillWarehouse: true })).toEqual(notices.warehouseMissing);
  });

  it('keeps address line 2 optional and ignores the warehouse when the box is not ticked', () => {
    expect(checkBusinessInformation(complete)).toBeNull();
    const warehouse = {
      name: 'Apapa',
      contactNumber: { country: 'NG', number: '08011112222' },
      address: filled,
    };
    expect(checkBusinessInformation({ ...complete, fillWarehouse: true, warehouse })).toBeNull();
    expect(
      checkBusinessInformation({ ...complete, address: { ...emptyAddress, ...filled, street2: '' } }),
    ).toBeNull();
  });

  it('checks the e-mail format', () => {
    expect(checkBusinessInformation({ ...complete, email: 'sales@adire' })).toEqual(
      notices.businessEmailInvalid,
    );
  });
});

describe('bank rules', () => {
  const serial = '123456789';
  const bank = {
    ...emptyDraft.bank,
    bankName: 'Zenith Bank',
    bankAccountType: 'Current',
    accountNumber: `${serial}${nubanCheckDigit('057', serial)}`,
    accountName: 'Adire Hub',
    swiftCode: 'ZEIBNGLA',
    bankIdentifierCode: '057',
  };

  it('needs all eight fields', () => {
    expect(checkBank({ ...bank, swiftCode: '' })).toEqual(notices.bankMissing);
  });

  it('accepts a NUBAN with the right check digit and refuses one digit off', () => {
    expect(checkBank(bank)).toBeNull();
    const last = Number(bank.accountNumber.at(-1));
    expect(checkBank({ ...bank, accountNumber: `${serial}${(last + 1) % 10}` })?.title).toBe(
      'Invalid account number',
    );
  });
});

describe('individual verification', () => {
  it('names each document whose file cannot be used', async () => {
    renderStep(<VerificationStep form="individual" />);
    await user().upload(await screen.findByLabelText('Tax or VAT ID'), file('notes.txt', 'text/plain'));
    expect(await screen.findByText('Error processing tax ID file')).toBeTruthy();
    await user().upload(
      screen.getByLabelText('Proof of Address'),
      file('bill.exe', 'application/octet-stream'),
    );
    expect(await screen.findByText('Error processing proof of address file')).toBeTruthy();
  });

  it('asks for all three documents, then sends them and stores the new token and step', async () => {
    storeTestSession(testSeller({ onboardingProcess: 'individual-verification-onboarding' }), 'old-token');
    const sent: FormData[] = [];
    const router = renderStep(<VerificationStep form="individual" />, async (_path, form) => {
      sent.push(form);
      return { token: 'new-token', onboardingProcess: 'create-profile' } satisfies OnboardingStepResponse;
    });
    await user().click(await screen.findByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Please upload all required documents')).toBeTruthy();

    await user().upload(screen.getByLabelText('Tax or VAT ID'), file('tin.pdf', 'application/pdf'));
    await user().upload(screen.getByLabelText('Government ID'), file('nin.pdf', 'application/pdf'));
    await user().upload(screen.getByLabelText('Proof of Address'), file('bill.pdf', 'application/pdf'));
    expect(await screen.findByText('bill.pdf')).toBeTruthy();
    await user().click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByText('Next screen')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/onboarding/create-profile');
    expect([...(sent[0]?.keys() ?? [])]).toEqual(['individualTaxId', 'governmentId', 'proofOfAddress']);
    expect(readBearerToken()).toBe('new-token');
    expect(readStoredSeller()?.onboardingProcess).toBe('create-profile');
  });
});

describe('create profile', () => {
  it('refuses files that are not images, naming banner and profile image', async () => {
    renderStep(<CreateProfileStep />);
    await user().upload(await screen.findByLabelText('Banner Image'), file('banner.pdf', 'application/pdf'));
    expect(await screen.findByText('Error processing banner image')).toBeTruthy();
    await user().upload(screen.getByLabelText('Profile Image'), file('me.pdf', 'application/pdf'));
    expect(await screen.findByText('Error processing profile image')).toBeTruthy();
  });

  it('asks for both images before the agreements', async () => {
    renderStep(<CreateProfileStep />);
    await user().click(await screen.findByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Missing Images')).toBeTruthy();
    expect(screen.getByText('Please upload both profile and banner images')).toBeTruthy();
  });
});
