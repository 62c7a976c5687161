import {
  ACCEPTED_DOCUMENT_EXTENSIONS,
  DOCUMENT_ACCEPT,
  type DocumentKind,
  type DocumentsResponse,
  type SellerDocument,
} from '@kasuwa/contracts';
import { ShieldAlert } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/app/paths';
import { FilePicker, isAcceptedDocument, type PickProblem } from '@/features/onboarding/fields';
import { useOnboardingContext } from '@/features/onboarding/onboarding-context';
import { StepFrame } from '@/features/onboarding/step-frame';
import { useStoredDocuments, useStoredFile } from '@/features/onboarding/stored-documents';
import { showSubmitError } from '@/features/onboarding/submit-error';
import { checkDocuments, errorTitles } from '@/features/onboarding/validation';

type DocumentField = { kind: DocumentKind; label: string; hint: string; readError: string };

const FORMS: Record<
  'company' | 'individual',
  {
    title: string;
    description: string;
    step: 'business-verification-onboarding' | 'individual-verification-onboarding';
    next: string;
    fields: DocumentField[];
  }
> = {
  company: {
    title: 'Business Verification',
    description: 'Upload your company documents so our team can verify your business.',
    step: 'business-verification-onboarding',
    next: paths.onboarding.businessBank,
    fields: [
      {
        kind: 'certificateOfIncorporation',
        label: 'Certificate Of Incorporation',
        hint: 'Corporate registry documents (CAC certificate) if in Nigeria',
        readError: 'Error processing certificate file',
      },
      {
        kind: 'businessTaxId',
        label: 'Business Tax ID',
        hint: 'Tax identification number (TIN) certificate if in Nigeria',
        readError: 'Error processing tax ID file',
      },
    ],
  },
  individual: {
    title: 'Individual Verification',
    description: 'Upload your documents so our team can confirm who you are.',
    step: 'individual-verification-onboarding',
    next: paths.onboarding.createProfile,
    fields: [
      {
        kind: 'individualTaxId',
        label: 'Tax or VAT ID',
        hint: 'Your tax identification number (TIN) or VAT certificate',
        readError: 'Error processing tax ID file',
      },
      {
        kind: 'governmentId',
        label: 'Government ID',
        hint: "National identity number (NIN) slip, international passport, driver's licence, national ID card or voter's card",
        readError: 'Error processing government ID file',
      },
      {
        kind: 'proofOfAddress',
        label: 'Proof of Address',
        hint: 'A recent utility bill or bank statement showing your address',
        readError: 'Error processing proof of address file',
      },
    ],
  },
};

const PROBLEM_TEXT: Record<PickProblem, string> = {
  type: `Accepted file types: ${ACCEPTED_DOCUMENT_EXTENSIONS.join(', ')}`,
  size: 'Each file can be at most 10 MB',
  read: 'The file could not be read. Try choosing it again.',
};

/** One document: the picked file, or else the one the server already has, and the picker. */
function DocumentPicker({
  field,
  doc,
  progress,
}: {
  field: DocumentField;
  doc: SellerDocument | undefined;
  progress: number | null;
}) {
  const { files, setFile, toasts } = useOnboardingContext();
  const stored = useStoredFile(doc);
  return (
    <FilePicker
      label={field.label}
      hint={`${field.hint}. PDF, DOC, DOCX, JPG or PNG, up to 10 MB.`}
      accept={DOCUMENT_ACCEPT}
      prefix={field.kind}
      value={files[field.kind]}
      stored={stored}
      allowed={isAcceptedDocument}
      progress={progress}
      onPick={(file) => {
        setFile(field.kind, file);
        if (file) toasts.dismiss(`file:${field.kind}`);
      }}
      onProblem={(problem) => toasts.error(`file:${field.kind}`, field.readError, PROBLEM_TEXT[problem])}
    />
  );
}

/**
 * Company documents (business path) or the three individual documents, sent in one form. Documents
 * already on file from an earlier visit count: only new or replaced files are sent, and with
 * nothing new Next simply moves on.
 */
export function VerificationStep({ form }: { form: 'company' | 'individual' }) {
  const config = FORMS[form];
  const { files, setFile, upload, completeStep, api, toasts } = useOnboardingContext();
  const navigate = useNavigate();
  const [progress, setProgress] = useState<number | null>(null);
  const stored = useStoredDocuments(api);

  const next = async () => {
    const problem = checkDocuments(form, files, new Set(stored.byKind.keys()));
    if (problem) {
      toasts.complain(problem);
      return;
    }
    const picked = config.fields.flatMap((field) => {
      const file = files[field.kind];
      return file ? [{ kind: field.kind, file: file.file }] : [];
    });
    if (picked.length === 0) {
      await navigate(config.next);
      return;
    }
    const body = new FormData();
    for (const { kind, file } of picked) body.append(kind, file, file.name);
    setProgress(0);
    try {
      const answer = await upload<DocumentsResponse>(`/seller/verification/${form}`, body, {
        onProgress: (loaded, total) => setProgress(total ? loaded / total : 0),
      });
      completeStep(answer);
      if (Array.isArray(answer.documents)) stored.replace(answer.documents);
      // Sent and on file now: coming Back shows the stored copies, and Next need not send them again.
      for (const { kind } of picked) setFile(kind, null);
      await navigate(config.next);
    } catch (error) {
      showSubmitError(toasts, errorTitles.documents, error);
    } finally {
      setProgress(null);
    }
  };

  // The request carries the files one after the other: each bar fills as its share goes out.
  const sizes = config.fields.map((f) => files[f.kind]?.file.size ?? 0);
  const total = sizes.reduce((a, b) => a + b, 0) || 1;
  const fileProgress = (index: number) => {
    if (progress === null) return null;
    const before = sizes.slice(0, index).reduce((a, b) => a + b, 0) / total;
    const share = (sizes[index] ?? 0) / total || 1;
    return Math.min(1, Math.max(0, (progress - before) / share));
  };

  return (
    <StepFrame
      step={config.step}
      problem={checkDocuments(form, files, new Set(stored.byKind.keys()))}
      title={config.title}
      description={config.description}
      onNext={next}
      busy={progress !== null}
      busyLabel="Uploading..."
    >
      <p className="flex gap-3 rounded-control border border-amber-300 bg-amber-50 p-3 text-amber-900 text-sm">
        <ShieldAlert className="size-5 shrink-0" aria-hidden />
        <span>
          Upload genuine documents only. Fake or altered documents are detected automatically and reported to
          the authorities.
        </span>
      </p>
      {config.fields.map((field, index) => (
        <DocumentPicker
          key={field.kind}
          field={field}
          doc={stored.byKind.get(field.kind)}
          progress={fileProgress(index)}
        />
      ))}
    </StepFrame>
  );
}
