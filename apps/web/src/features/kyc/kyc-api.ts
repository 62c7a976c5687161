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
 * Replaces one document of the onboarding form it belongs to: the server keeps the others on file
 * (a form sent with only the replaced field).
 */
export function replaceDocument(
  upload: DocumentUploader,
  accountType: 'individual' | 'business',
  kind: DocumentKind,
  file: File,
) {
  const form = new FormData();
  form.append(kind, file);
  return upload(
    accountType === 'business' ? '/seller/verification/company' : '/seller/verification/individual',
    form,
  );
}
