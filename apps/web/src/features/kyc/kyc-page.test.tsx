import type { DocumentsResponse, KycResponse, SellerDocument } from '@kasuwa/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { KycPage } from '@/features/kyc/kyc-page';
import { createApiClient } from '@/lib/api-client';
import { fakeFetch, type RecordedCall } from '@/test/fake-api';
import { renderScreen } from '@/test/render-screen';

const PATH = '/dashboard/kyc-verification';

const kyc = (over: Partial<KycResponse> = {}): KycResponse => ({
  status: 'not_started',
  reason: null,
  accountType: 'individual',
  canSubmit: true,
  identities: [],
  submittedAt: null,
  reviewedAt: null,
  history: [],
  ...over,
});

const doc = (over: Partial<SellerDocument> = {}): SellerDocument => ({
  _id: 'doc-1',
  kind: 'governmentId',
  fileName: 'nin-slip.pdf',
  mimeType: 'application/pdf',
  size: 245_000,
  url: '/api/seller/documents/doc-1/file',
  createdAt: '2026-11-01T10:00:00.000Z',
  ...over,
});

function open(
  handlers: Parameters<typeof fakeFetch>[0],
  upload = vi.fn(async () => ({ documents: [] }) as unknown as DocumentsResponse),
) {
  const fake = fakeFetch({ 'GET /seller/documents': { body: { documents: [doc()] } }, ...handlers });
  const api = createApiClient({ fetch: fake.fetch, getToken: () => 'token-1' });
  renderScreen(PATH, PATH, <KycPage api={api} upload={upload} />);
  return { ...fake, upload };
}

describe('the KYC Verification screen', () => {
  it('asks an individual for BVN and NIN, checks their shape and sends them', async () => {
    const user = userEvent.setup();
    const pending = kyc({
      status: 'pending',
      canSubmit: false,
      identities: [
        { type: 'bvn', last4: '5678', nameOnRecord: 'OKAFOR ADAEZE' },
        { type: 'nin', last4: '6789', nameOnRecord: 'OKAFOR ADAEZE' },
      ],
      submittedAt: '2026-11-28T05:00:00.000Z',
      history: [
        { id: '1', status: 'pending', reason: null, actor: 'seller', at: '2026-11-28T05:00:00.000Z' },
      ],
    });
    const fake = open({
      'GET /seller/kyc': { body: kyc() },
      'POST /seller/kyc': { body: pending },
    });
    expect(await screen.findByText('Not started')).toBeVisible();
    await user.type(screen.getByLabelText('BVN'), '12345');
    await user.click(screen.getByRole('button', { name: 'Submit for verification' }));
    expect(screen.getByLabelText('BVN')).toHaveAccessibleDescription(/Enter your 11-digit BVN/);
    expect(screen.getByText('Tick the box to let us check your details')).toBeVisible();
    expect(fake.calls.some((c: RecordedCall) => c.method === 'POST')).toBe(false);

    await user.clear(screen.getByLabelText('BVN'));
    await user.type(screen.getByLabelText('BVN'), '222 1234 5678');
    await user.type(screen.getByLabelText('NIN'), '70123456789');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Submit for verification' }));

    expect(await screen.findByText('Pending review', { selector: 'span' })).toBeVisible();
    expect(fake.calls.find((c) => c.method === 'POST')?.body).toEqual({
      kind: 'individual',
      bvn: '222 1234 5678',
      nin: '70123456789',
    });
    // The form is gone while the details wait for review; the numbers show masked.
    expect(screen.queryByRole('button', { name: 'Submit for verification' })).not.toBeInTheDocument();
    const numbers = screen.getByRole('region', { name: 'Numbers on file' });
    expect(within(numbers).getByText('ending in 5678')).toBeInTheDocument();
    expect(within(numbers).queryByText(/22212345678/)).not.toBeInTheDocument();
  });

  it('asks a business for its CAC number and a director’s BVN', async () => {
    open({ 'GET /seller/kyc': { body: kyc({ accountType: 'business' }) } });
    expect(await screen.findByLabelText('CAC registration number')).toBeVisible();
    expect(screen.getByLabelText("Director's BVN")).toBeVisible();
    expect(screen.queryByLabelText('NIN')).not.toBeInTheDocument();
  });

  it('shows why a verification was rejected and offers the form again', async () => {
    open({
      'GET /seller/kyc': {
        body: kyc({
          status: 'rejected',
          reason: 'The NIN slip is not readable',
          history: [
            { id: '1', status: 'pending', reason: null, actor: 'seller', at: '2026-11-27T05:00:00.000Z' },
            {
              id: '2',
              status: 'rejected',
              reason: 'The NIN slip is not readable',
              actor: 'operator',
              at: '2026-11-27T09:00:00.000Z',
            },
          ],
        }),
      },
    });
    expect(await screen.findByText('Rejected', { selector: 'span' })).toBeVisible();
    expect(screen.getAllByText('The NIN slip is not readable').length).toBeGreaterThan(0);
    expect(screen.getByRole('heading', { name: 'Submit your details again' })).toBeVisible();
    const history = screen.getByRole('region', { name: 'History' });
    expect(within(history).getAllByRole('listitem')).toHaveLength(2);
  });

  it('shows the server’s refusal, e.g. the register being down', async () => {
    const user = userEvent.setup();
    open({
      'GET /seller/kyc': { body: kyc() },
      'POST /seller/kyc': {
        status: 502,
        body: {
          message:
            'We could not reach the identity service to check your details. Please try again in a moment.',
        },
      },
    });
    await user.type(await screen.findByLabelText('BVN'), '22212345678');
    await user.type(screen.getByLabelText('NIN'), '70123456789');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Submit for verification' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/could not reach the identity service/);
  });

  it('lists the onboarding documents and replaces one', async () => {
    const user = userEvent.setup();
    const upload = vi.fn(
      async () =>
        ({
          documents: [doc({ fileName: 'new-nin-slip.png', mimeType: 'image/png' })],
        }) as unknown as DocumentsResponse,
    );
    open({ 'GET /seller/kyc': { body: kyc({ status: 'verified', canSubmit: false }) } }, upload);
    const documents = await screen.findByRole('region', { name: 'Documents on file' });
    expect(await within(documents).findByText(/nin-slip\.pdf · 239 KB/)).toBeVisible();
    expect(within(documents).getByText('Proof of Address').nextSibling).toHaveTextContent('Not on file');
    const file = new File(['%PDF-1.4'], 'new-nin-slip.png', { type: 'image/png' });
    const input = documents.querySelector<HTMLInputElement>('input[type=file]');
    const inputs = documents.querySelectorAll<HTMLInputElement>('input[type=file]');
    expect(inputs).toHaveLength(3);
    await user.upload(inputs[1] ?? (input as HTMLInputElement), file);
    await waitFor(() => expect(upload).toHaveBeenCalledTimes(1));
    const [path, form] = upload.mock.calls[0] as unknown as [string, FormData];
    expect(path).toBe('/seller/verification/individual');
    expect((form.get('governmentId') as File).name).toBe('new-nin-slip.png');
    expect(await within(documents).findByText(/new-nin-slip\.png/)).toBeVisible();
  });

  it('sends the documents not on file together, once each has a file', async () => {
    const user = userEvent.setup();
    const upload = vi.fn(
      async () =>
        ({
          documents: [
            doc({ _id: 'd1', kind: 'individualTaxId', fileName: 'tin.pdf' }),
            doc(),
            doc({ _id: 'd3', kind: 'proofOfAddress', fileName: 'nepa-bill.jpg' }),
          ],
        }) as unknown as DocumentsResponse,
    );
    open({ 'GET /seller/kyc': { body: kyc() } }, upload);
    const documents = await screen.findByRole('region', { name: 'Documents on file' });
    await within(documents).findByText(/nin-slip\.pdf/);
    await user.upload(within(documents).getByLabelText('Tax or VAT ID file'), new File(['x'], 'tin.pdf'));
    expect(within(documents).getByText('Chosen: tin.pdf')).toBeVisible();
    expect(within(documents).getByRole('status')).toHaveTextContent('Choose Proof of Address too');
    expect(upload).not.toHaveBeenCalled();
    await user.upload(
      within(documents).getByLabelText('Proof of Address file'),
      new File(['y'], 'nepa-bill.jpg'),
    );
    await waitFor(() => expect(upload).toHaveBeenCalledTimes(1));
    const [, form] = upload.mock.calls[0] as unknown as [string, FormData];
    expect([...form.keys()].sort()).toEqual(['individualTaxId', 'proofOfAddress']);
    expect(await within(documents).findByText(/nepa-bill\.jpg ·/)).toBeVisible();
  });

  it('offers a retry when the status cannot be loaded', async () => {
    open({ 'GET /seller/kyc': { status: 500, body: { message: 'Internal Server Error' } } });
    expect(await screen.findByRole('button', { name: /try again/i }, { timeout: 5000 })).toBeVisible();
  });
});
