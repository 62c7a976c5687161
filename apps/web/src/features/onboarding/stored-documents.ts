import type { DocumentKind, SellerDocument } from '@kasuwa/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { StoredFile } from '@/features/onboarding/fields';
import {
  type DocumentsAnswer,
  onboardingKeys,
  onboardingQueries,
} from '@/features/onboarding/onboarding-queries';
import type { ApiClient } from '@/lib/api-client';
import { readBearerToken } from '@/lib/session-token';

/**
 * The verification documents the server already has (GET /seller/documents), by kind, so a seller
 * who comes back to the step sees them and need not upload them again. Until they load, or if they
 * cannot, the step simply asks for every file.
 */
export function useStoredDocuments(api: ApiClient) {
  const queryClient = useQueryClient();
  const query = useQuery(onboardingQueries.documents(api));
  const byKind = new Map<DocumentKind, SellerDocument>();
  for (const doc of query.data?.documents ?? []) byKind.set(doc.kind, doc);
  return {
    byKind,
    loading: query.isPending,
    /** After an upload: the answer lists what is on file now. */
    replace: (documents: SellerDocument[]) => {
      const current = queryClient.getQueryData<DocumentsAnswer>(onboardingKeys.documents())?.documents ?? [];
      const kinds = new Set(documents.map((d) => d.kind));
      queryClient.setQueryData<DocumentsAnswer>(onboardingKeys.documents(), {
        documents: [...current.filter((d) => !kinds.has(d.kind)), ...documents],
      });
    },
  };
}

/**
 * A stored document as the file picker shows it. Images get a thumbnail: the file is only served
 * to its owner with the bearer token, which an <img src> cannot send, so it is fetched as a blob.
 * Any failure just leaves the file icon.
 */
export function useStoredFile(doc: SellerDocument | undefined): StoredFile | undefined {
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  const url = doc?.mimeType.startsWith('image/') ? doc.url : null;
  useEffect(() => {
    setPreviewUrl(null);
    if (!url) return;
    const controller = new AbortController();
    let objectUrl: string | null = null;
    const token = readBearerToken();
    void fetch(url, {
      signal: controller.signal,
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    })
      .then(async (response) => {
        if (!response.ok) return;
        const blob = await response.blob();
        if (controller.signal.aborted) return;
        objectUrl = URL.createObjectURL(blob);
        setPreviewUrl(objectUrl);
      })
      .catch(() => {});
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  return doc ? { name: doc.fileName, size: doc.size, previewUrl } : undefined;
}
