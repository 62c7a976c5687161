import { DOCUMENT_ACCEPT, type DocumentKind, type KycResponse, type SellerDocument } from '@kasuwa/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FileText } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { type DocumentUploader, kycKeys, kycQueries, sendDocuments } from '@/features/kyc/kyc-api';
import { DOCUMENT_LABELS, fileSize } from '@/features/kyc/kyc-labels';
import type { ApiClient } from '@/lib/api-client';
import { lagosDateTime } from '@/lib/lagos-date';
import { toast } from '@/lib/toast';
import { Button } from '@/ui/button';
import { LoadFailed } from '@/ui/list-skeleton';

type Picked = Partial<Record<DocumentKind, File>>;

/**
 * The onboarding documents on file. One on file is replaced on its own; documents not on file are
 * sent together once each has a file chosen, as the onboarding form needs them all.
 */
export function Documents({
  api,
  upload,
  accountType,
}: {
  api: ApiClient;
  upload: DocumentUploader;
  accountType: KycResponse['accountType'];
}) {
  const headingId = useId();
  const queryClient = useQueryClient();
  const documents = useQuery(kycQueries.documents(api));
  const [picked, setPicked] = useState<Picked>({});
  const kinds: DocumentKind[] =
    accountType === 'business'
      ? ['certificateOfIncorporation', 'businessTaxId']
      : ['individualTaxId', 'governmentId', 'proofOfAddress'];
  const onFile = (kind: DocumentKind) => documents.data?.documents.find((d) => d.kind === kind) ?? null;
  const missing = kinds.filter((k) => !onFile(k));

  const mutation = useMutation({
    mutationFn: (files: Picked) => sendDocuments(upload, accountType ?? 'individual', files),
    onSuccess: (answer, files) => {
      queryClient.setQueryData(kycKeys.documents(), { documents: answer.documents });
      setPicked({});
      const names = Object.keys(files).map((k) => DOCUMENT_LABELS[k as DocumentKind]);
      toast.success(names.length === 1 ? `${names[0]} saved` : 'Documents saved');
    },
    onError: () => setPicked({}),
    meta: { errorToast: 'Error submitting documents' },
  });

  const pick = (kind: DocumentKind, file: File) => {
    if (onFile(kind)) {
      mutation.mutate({ [kind]: file });
      return;
    }
    const next = { ...picked, [kind]: file };
    setPicked(next);
    if (missing.every((k) => next[k])) mutation.mutate(next);
  };
  const waiting = missing.filter((k) => !picked[k]);

  return (
    <section aria-labelledby={headingId} className="rounded-card bg-surface p-5 shadow-card">
      <h2 id={headingId} className="font-semibold text-ink text-lg">
        Documents on file
      </h2>
      <p className="mt-1 text-ink-muted text-sm">
        The documents from your onboarding. Replace one if it has expired or is hard to read (pdf, doc, docx,
        jpg or png, up to 10 MB).
      </p>
      {documents.isPending ? (
        <div aria-hidden className="mt-3 h-24 animate-pulse rounded-control bg-line" />
      ) : documents.isError ? (
        <LoadFailed what="your documents" onRetry={() => void documents.refetch()} />
      ) : accountType === null ? null : (
        <>
          <ul className="mt-3 flex flex-col divide-y divide-line">
            {kinds.map((kind) => (
              <DocumentRow
                key={kind}
                kind={kind}
                doc={onFile(kind)}
                picked={picked[kind] ?? null}
                busy={mutation.isPending}
                onPick={(file) => pick(kind, file)}
              />
            ))}
          </ul>
          {missing.length > 1 && waiting.length > 0 && Object.keys(picked).length > 0 && (
            <p role="status" className="mt-2 text-ink-muted text-sm">
              Choose {waiting.map((k) => DOCUMENT_LABELS[k]).join(' and ')} too: the documents not on file are
              sent together.
            </p>
          )}
        </>
      )}
    </section>
  );
}

function DocumentRow({
  kind,
  doc,
  picked,
  busy,
  onPick,
}: {
  kind: DocumentKind;
  doc: SellerDocument | null;
  picked: File | null;
  busy: boolean;
  onPick: (file: File) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const label = DOCUMENT_LABELS[kind];
  const action = doc ? 'Replace' : picked ? 'Change' : 'Upload';
  return (
    <li className="flex flex-wrap items-center gap-3 py-3">
      <FileText className="size-5 shrink-0 text-ink-muted" aria-hidden />
      <div className="min-w-0 flex-1">
        <p className="font-medium text-ink">{label}</p>
        <p className="truncate text-ink-muted text-sm">
          {doc
            ? `${doc.fileName} · ${fileSize(doc.size)} · ${lagosDateTime(doc.createdAt)}`
            : picked
              ? `Chosen: ${picked.name}`
              : 'Not on file'}
        </p>
      </div>
      <label htmlFor={inputId} className="sr-only">
        {`${label} file`}
      </label>
      <input
        id={inputId}
        ref={input}
        type="file"
        accept={DOCUMENT_ACCEPT}
        className="sr-only"
        tabIndex={-1}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) onPick(file);
        }}
      />
      <Button
        variant="secondary"
        size="sm"
        loading={busy && (doc !== null || picked !== null)}
        disabled={busy}
        onClick={() => input.current?.click()}
        aria-label={`${action} ${label}`}
      >
        {action}
      </Button>
    </li>
  );
}
