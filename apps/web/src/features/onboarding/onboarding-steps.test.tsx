// size: every onboarding step of one provider and one draft, driven through the same rendered flow
import type {
  ErrorResponse,
  OnboardingStepResponse,
  SellerDocument,
  SellerDocumentsResponse,
} from '@kasuwa/contracts';
import { nubanCheckDigit } from '@kasuwa/contracts';
import { findCountryBySlug } from '@kasuwa/reference-data';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/app/providers';
import { useOnboardingContext } from '@/features/onboarding/onboarding-context';
import { emptyAddress, emptyDraft } from '@/features/onboarding/onboarding-draft';
import { DRAFT_KEY, OnboardingProvider } from '@/features/onboarding/onboarding-provider';
import { BankDetailsStep } from '@/features/onboarding/steps/bank-details-step';
import { BusinessDetailsStep } from '@/features/onboarding/steps/business-details-step';
import { BusinessInformationStep } from '@/features/onboarding/steps/business-information-step';
import { CreateProfileStep } from '@/features/onboarding/steps/create-profile-step';
import { VerificationStep } from '@/features/onboarding/steps/verification-step';
import { checkBank, checkBusinessInformation, errorTitles, notices } from '@/features/onboarding/validation';
import { createApiClient } from '@/lib/api-client';
import { readBearerToken, readStoredSeller } from '@/lib/session-token';
import { fakeFetch, storeTestSession, testSeller } from '@/test/fake-api';

function renderStep(
  element: ReactNode,
  options: {
    upload?: (path: string, form: FormData) => Promise<unknown>;
    /** The API's answers; by default every call answers {}. */
    fetch?: typeof fetch;
  } = {},
) {
  const { upload } = options;
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
    <QueryClientProvider client={createQueryClient()}>
      <OnboardingProvider
        api={createApiClient({ fetch: options.fetch ?? (async () => new Response('{}')) })}
        {...(uploadImpl ? { upload: uploadImpl } : {})}
      >
        <RouterProvider router={router} />
        <Toaster />
      </OnboardingProvider>
    </QueryClientProvider>,
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
    expect(await screen.findByText('Error processing tax ID file')).toBeVisible();
    await user().upload(
      screen.getByLabelText('Proof of Address'),
      file('bill.exe', 'application/octet-stream'),
    );
    expect(await screen.findByText('Error processing proof of address file')).toBeVisible();
  });

  it('asks for all three documents, then sends them and stores the new token and step', async () => {
    storeTestSession(testSeller({ onboardingProcess: 'individual-verification-onboarding' }), 'old-token');
    const sent: FormData[] = [];
    const router = renderStep(<VerificationStep form="individual" />, {
      upload: async (_path, form) => {
        sent.push(form);
        return { token: 'new-token', onboardingProcess: 'create-profile' } satisfies OnboardingStepResponse;
      },
    });
    await user().click(await screen.findByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Please upload all required documents')).toBeVisible();

    await user().upload(screen.getByLabelText('Tax or VAT ID'), file('tin.pdf', 'application/pdf'));
    await user().upload(screen.getByLabelText('Government ID'), file('nin.pdf', 'application/pdf'));
    await user().upload(screen.getByLabelText('Proof of Address'), file('bill.pdf', 'application/pdf'));
    expect(await screen.findByText('bill.pdf')).toBeVisible();
    await user().click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByText('Next screen')).toBeVisible();
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
    expect(await screen.findByText('Error processing banner image')).toBeVisible();
    await user().upload(screen.getByLabelText('Profile Image'), file('me.pdf', 'application/pdf'));
    expect(await screen.findByText('Error processing profile image')).toBeVisible();
  });

  it('asks for both images before the agreements', async () => {
    renderStep(<CreateProfileStep />);
    await user().click(await screen.findByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Missing Images')).toBeVisible();
    expect(screen.getByText('Please upload both profile and banner images')).toBeVisible();
  });
});

describe("a step's errors", () => {
  it('are gone on the next step: "Please upload all required documents" does not follow the seller', async () => {
    renderStep(<VerificationStep form="individual" />, {
      upload: async () => ({ token: 'new-token', onboardingProcess: 'create-profile' }),
    });
    await user().click(await screen.findByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Please upload all required documents')).toBeVisible();
    await user().upload(screen.getByLabelText('Tax or VAT ID'), file('tin.pdf', 'application/pdf'));
    await user().upload(screen.getByLabelText('Government ID'), file('nin.pdf', 'application/pdf'));
    await user().click(screen.getByRole('button', { name: 'Next' }));
    // Still one document short: one toast, not two.
    await waitFor(() => expect(screen.getAllByText('Please upload all required documents')).toHaveLength(1));

    await user().upload(screen.getByLabelText('Proof of Address'), file('bill.pdf', 'application/pdf'));
    // Fixed: the complaint goes before Next is even pressed.
    await waitFor(() =>
      expect(screen.queryByText('Please upload all required documents')).not.toBeInTheDocument(),
    );
    await user().click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Next screen')).toBeVisible();
  });

  it('go when the step is left with one still showing', async () => {
    const router = renderStep(<VerificationStep form="individual" />);
    await user().click(await screen.findByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Please upload all required documents')).toBeVisible();
    await act(() => router.navigate('/elsewhere'));
    expect(await screen.findByText('Next screen')).toBeVisible();
    await waitFor(() =>
      expect(screen.queryByText('Please upload all required documents')).not.toBeInTheDocument(),
    );
  });

  it('go once fixed: "Missing Images" leaves when both images are picked', async () => {
    renderStep(<CreateProfileStep />);
    await user().click(await screen.findByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Missing Images')).toBeVisible();
    await user().upload(screen.getByLabelText('Banner Image'), file('banner.png', 'image/png'));
    await user().upload(screen.getByLabelText('Profile Image'), file('me.png', 'image/png'));
    await waitFor(() => expect(screen.queryByText('Missing Images')).not.toBeInTheDocument());
  });
});

describe('create profile fields', () => {
  it('marks both images as required beside the field, and names the missing one after Next', async () => {
    renderStep(<CreateProfileStep />);
    const banner = await screen.findByLabelText('Banner Image');
    const avatar = screen.getByLabelText('Profile Image');
    expect(banner.hasAttribute('required')).toBe(true);
    expect(avatar.hasAttribute('required')).toBe(true);
    expect(screen.getAllByText('Required')).toHaveLength(2);

    await user().upload(banner, file('banner.png', 'image/png'));
    await user().click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Choose a profile image')).toBeVisible();
    expect(screen.queryByText('Choose a banner image')).not.toBeInTheDocument();
    expect(avatar.getAttribute('aria-invalid')).toBe('true');
    expect(avatar.getAttribute('aria-describedby')).toContain(
      screen.getByText('Choose a profile image').getAttribute('id'),
    );
  });

  it('links the Terms of Service, Privacy Policy and Seller Agreement to readable pages in a new tab', async () => {
    renderStep(<CreateProfileStep />);
    const links = [
      ['Terms of Service', '/legal/terms'],
      ['Privacy Policy', '/legal/privacy'],
      ['Seller Agreement', '/legal/seller-agreement'],
    ] as const;
    for (const [name, href] of links) {
      const link = await screen.findByRole('link', { name: `${name} (opens in a new tab)` });
      expect(link.getAttribute('href')).toBe(href);
      expect(link.getAttribute('target')).toBe('_blank');
    }
    // The box still has its full sentence as its name.
    expect(screen.getByRole('checkbox', { name: /I agree to the .* Terms of Service/ })).toBeVisible();
  });
});

describe('coming back to a verification step', () => {
  const stored: SellerDocument[] = [
    {
      _id: 'doc-1',
      kind: 'certificateOfIncorporation',
      fileName: 'cac-certificate.pdf',
      mimeType: 'application/pdf',
      size: 2048,
      url: '/api/seller/documents/doc-1/file',
      createdAt: '2026-01-05T09:00:00.000Z',
    },
    {
      _id: 'doc-2',
      kind: 'businessTaxId',
      fileName: 'tin.png',
      mimeType: 'image/png',
      size: 3 * 1024 * 1024,
      url: '/api/seller/documents/doc-2/file',
      createdAt: '2026-01-05T09:00:00.000Z',
    },
  ];
  const onFile = () =>
    fakeFetch({ 'GET /seller/documents': { body: { documents: stored } satisfies SellerDocumentsResponse } });

  // Thumbnails are fetched outside the API client; by default there is none to show.
  beforeEach(() => {
    vi.stubGlobal('fetch', async () => new Response(null, { status: 404 }));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows what is on file, an image as a thumbnail fetched with the token, and moves on without sending it again', async () => {
    storeTestSession(testSeller({ accountType: 'business' }), 'token-1');
    const thumbnailRequests: Array<{ url: string; authorization: string | null }> = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
      thumbnailRequests.push({ url, authorization: new Headers(init.headers).get('authorization') });
      return new Response(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), {
        headers: { 'content-type': 'image/png' },
      });
    });
    const uploads: FormData[] = [];
    const router = renderStep(<VerificationStep form="company" />, {
      fetch: onFile().fetch,
      upload: async (_path, form) => {
        uploads.push(form);
        return {};
      },
    });

    expect(await screen.findByText('cac-certificate.pdf')).toBeVisible();
    expect(screen.getByText('2 KB')).toBeVisible();
    expect(screen.getByText('tin.png')).toBeVisible();
    expect(screen.getByText('3.0 MB')).toBeVisible();
    expect(screen.getAllByText('Uploaded. Choose a new file below to replace it.')).toHaveLength(2);
    await vi.waitFor(() => expect(document.querySelector('img[src^="blob:"]')).toBeInTheDocument());
    expect(thumbnailRequests).toEqual([
      { url: '/api/seller/documents/doc-2/file', authorization: 'Bearer token-1' },
    ]);

    await user().click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Next screen')).toBeVisible();
    expect(router.state.location.pathname).toBe('/onboarding/business-bank-onboarding');
    expect(uploads).toHaveLength(0);
  });

  it('sends only the document the seller replaces', async () => {
    const uploads: FormData[] = [];
    renderStep(<VerificationStep form="company" />, {
      fetch: onFile().fetch,
      upload: async (_path, form) => {
        uploads.push(form);
        return { token: 't', onboardingProcess: 'business-bank-onboarding', documents: stored };
      },
    });
    await screen.findByText('tin.png');
    await user().upload(screen.getByLabelText('Business Tax ID'), file('tin-2026.pdf', 'application/pdf'));
    expect(await screen.findByText('Replaces tin.png')).toBeVisible();
    await user().click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Next screen')).toBeVisible();
    expect(uploads).toHaveLength(1);
    expect([...(uploads[0]?.keys() ?? [])]).toEqual(['businessTaxId']);
  });

  it('still asks for a document that is neither on file nor picked', async () => {
    const fake = fakeFetch({
      'GET /seller/documents': { body: { documents: stored.slice(0, 1) } satisfies SellerDocumentsResponse },
    });
    renderStep(<VerificationStep form="company" />, { fetch: fake.fetch });
    await screen.findByText('cac-certificate.pdf');
    await user().click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(notices.companyDocumentsMissing.title)).toBeVisible();
  });
});

describe("the server's field problems", () => {
  const invalid = (issues: Array<{ path: string; message: string }>) => ({
    status: 400,
    body: {
      message: `Invalid request body: ${issues[0]?.path}: ${issues[0]?.message}`,
      issues,
    } satisfies ErrorResponse,
  });
  const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

  it('marks the named field as well as showing the toast, until the seller edits it', async () => {
    const fake = fakeFetch({
      'PUT /seller/business-details': invalid([
        { path: 'businessType', message: 'Business Type must be at most 60 characters' },
      ]),
    });
    renderStep(<BusinessDetailsStep />, { fetch: fake.fetch });
    await user().type(await screen.findByLabelText('Business Name'), 'Adire Hub');
    await user().type(field('Business Type'), 'Limited liability company registered with the CAC in Lagos');
    await user().type(field('Business Tax Information'), 'RC 1234567');
    await user().click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByText(errorTitles.businessDetails)).toBeVisible();
    await vi.waitFor(() => expect(field('Business Type').getAttribute('aria-invalid')).toBe('true'));
    const described = field('Business Type').getAttribute('aria-describedby') ?? '';
    const message = described.split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(message).toContain('Business Type must be at most 60 characters');
    expect(field('Business Name').getAttribute('aria-invalid')).toBeNull();

    await user().type(field('Business Type'), 'x');
    expect(field('Business Type').getAttribute('aria-invalid')).toBeNull();
  });

  it('finds nested paths: the warehouse address line and the business zip code', async () => {
    const nigeria = findCountryBySlug('nigeria') ?? null;
    const address = {
      location: { country: nigeria, state: { typed: 'Lagos' }, city: { typed: 'Ikeja' } },
      street1: '1 Marina',
      street2: '',
      zipCode: '100001',
    };
    localStorage.setItem(
      DRAFT_KEY,
      JSON.stringify({
        ...emptyDraft,
        accountType: 'business',
        businessInfo: {
          email: 'sales@adire.ng',
          phone: { country: 'NG', number: '08031234567' },
          address,
          fillWarehouse: true,
          warehouse: { name: 'Apapa', contactNumber: { country: 'NG', number: '08011112222' }, address },
        },
      }),
    );
    const fake = fakeFetch({
      'PUT /seller/business-information': {
        body: {
          token: 't1',
          onboardingProcess: 'business-information-onboarding',
        } satisfies OnboardingStepResponse,
      },
      'PUT /seller/shipping-warehouse': invalid([
        {
          path: 'warehouseDetails.address.addressLine1',
          message: 'Warehouse address line 1 must be at most 200 characters',
        },
      ]),
    });
    renderStep(<BusinessInformationStep />, { fetch: fake.fetch });
    await user().click(await screen.findByRole('button', { name: 'Next' }));
    expect(await screen.findByText(errorTitles.warehouse)).toBeVisible();
    await vi.waitFor(() =>
      expect(field('Warehouse Address Line 1').getAttribute('aria-invalid')).toBe('true'),
    );
    expect(screen.getByText('Warehouse address line 1 must be at most 200 characters')).toBeVisible();
    for (const zip of screen.getAllByLabelText('Zip Code'))
      expect(zip.getAttribute('aria-invalid')).toBeNull();
  });

  it('marks the bank field the server names', async () => {
    const serial = '123456789';
    localStorage.setItem(
      DRAFT_KEY,
      JSON.stringify({
        ...emptyDraft,
        accountType: 'business',
        bank: {
          bankCountry: 'Nigeria',
          bankName: 'Zenith Bank',
          bankAccountType: 'Current',
          accountCurrency: 'NGN',
          accountNumber: `${serial}${nubanCheckDigit('057', serial)}`,
          accountName: 'Adire Hub',
          swiftCode: 'ZEIBNGLA',
          bankIdentifierCode: '057',
        },
      }),
    );
    const fake = fakeFetch({
      'PUT /seller/profile/bank-details': invalid([
        { path: 'accountName', message: 'Account Name must be at most 120 characters' },
      ]),
    });
    renderStep(<BankDetailsStep />, { fetch: fake.fetch });
    await user().click(await screen.findByRole('button', { name: 'Next' }));
    await vi.waitFor(() => expect(field('Account Name').getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Account Name must be at most 120 characters')).toBeVisible();
    expect(field('Account No.').getAttribute('aria-invalid')).toBeNull();
  });
});
