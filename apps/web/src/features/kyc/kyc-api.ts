import type {
  DocumentKind,
  DocumentsResponse,
  KycResponse,
  SellerDocumentsResponse,
  SubmitKycBody,
} from '@kasuwa/contracts';
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '@/lib/api-client';
import { uploadForm } from '@/lib/upload';

/* The KYC calls (packages/contracts/src/kyc.ts) and the onboarding documents they show. */

export const kycKeys = {
  all: ['kyc'] as const,
  status: () => [...kycKeys.all, 'status'] as const,
  documents: () => [...kycKeys.all, 'documents'] as const,
};

export const kycQueries = {
  status: (api: ApiClient) =>
    queryOptions({
      queryKey: kycKeys.status(),
      queryFn: ({ signal }) => api.get<KycResponse>('/seller/kyc', { signal }),
    }),
  documents: (api: ApiClient) =>
    queryOptions({
      queryKey: kycKeys.documents(),
      queryFn: ({ signal }) => api.get<SellerDocumentsResponse>('/seller/documents', { signal }),
    }),
};

export const submitKyc = (api: ApiClient, body: SubmitKycBody) => api.post<KycResponse>('/seller/kyc', body);

/** Tests pass their own; the app sends the file over XMLHttpRequest like onboarding does. */
export type DocumentUploader = (path: string, form: FormData) => Promise<DocumentsResponse>;
export const uploadDocument: DocumentUploader = (path, form) => uploadForm<DocumentsResponse>(path, form);

/**
 * Sends documents of the onboarding form they belong to. The server keeps what is on file, so a
 * replacement is a form with only the replaced field; a document never sent must come with every
 * other missing one (the form is complete once they are all on file).
 */
export function sendDocuments(
  upload: DocumentUploader,
  accountType: 'individual' | 'business',
  files: Partial<Record<DocumentKind, File>>,
) {
  const form = new FormData();
  for (const [kind, file] of Object.entries(files)) if (file) form.append(kind, file);
  return upload(
    accountType === 'business' ? '/seller/verification/company' : '/seller/verification/individual',
    form,
  );
}
