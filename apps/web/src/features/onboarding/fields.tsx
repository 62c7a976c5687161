import { DOCUMENT_MAX_BYTES } from '@kasuwa/contracts';
import { clsx } from 'clsx';
import { CheckCircle2, FileText, X } from 'lucide-react';
import { type ReactNode, useId, useRef } from 'react';
import { type AddressDraft, newFileId, type PickedFile } from '@/features/onboarding/onboarding-draft';
import { Input } from '@/ui/input';
import { LocationFields } from '@/ui/location-pickers';
import { ProgressBar } from '@/ui/progress-bar';

export function Checkbox({
  checked,
  onChange,
  children,
  id,
  error,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
  id?: string;
  error?: string;
}) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-start gap-3">
        <input
          id={inputId}
          type="checkbox"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          className="mt-0.5 size-5 shrink-0 accent-brand-600"
        />
        <label htmlFor={inputId} className="text-ink text-sm">
          {children}
        </label>
      </div>
      <FieldError id={`${inputId}-error`} message={error} />
    </div>
  );
}

/** A server's message under a group of fields (cards, a list) that has no single input to mark. */
export function FieldError({ id, message }: { id?: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="font-medium text-danger-600 text-sm">
      {message}
    </p>
  );
}

/** The server's messages for an address's parts, named as the address form names them. */
export type AddressErrors = Partial<
  Record<'country' | 'state' | 'city' | 'street1' | 'street2' | 'zipCode', string>
>;

/** Country, State and City pickers, then the street lines and the zip code. */
export function AddressFields({
  value,
  onChange,
  idPrefix,
  line1Label = 'Street Address',
  line2Label = 'Street Address Line 2 (optional)',
  errors = {},
}: {
  value: AddressDraft;
  onChange: (next: AddressDraft) => void;
  idPrefix: string;
  line1Label?: string;
  line2Label?: string;
  errors?: AddressErrors;
}) {
  return (
    <div className="flex flex-col gap-4">
      <LocationFields
        idPrefix={idPrefix}
        value={value.location}
        onChange={(location) => onChange({ ...value, location })}
        errors={{ country: errors.country, state: errors.state, city: errors.city }}
      />
      <Input
        label={line1Label}
        name={`${idPrefix}.street1`}
        autoComplete="address-line1"
        value={value.street1}
        error={errors.street1}
        onChange={(event) => onChange({ ...value, street1: event.target.value })}
      />
      <Input
        label={line2Label}
        name={`${idPrefix}.street2`}
        autoComplete="address-line2"
        value={value.street2}
        error={errors.street2}
        onChange={(event) => onChange({ ...value, street2: event.target.value })}
      />
      <Input
        label="Zip Code"
        name={`${idPrefix}.zipCode`}
        autoComplete="postal-code"
        inputMode="numeric"
        value={value.zipCode}
        error={errors.zipCode}
        onChange={(event) => onChange({ ...value, zipCode: event.target.value })}
      />
    </div>
  );
}

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** Reads a picked file for its preview; images become a data URL, others need no preview. */
export function readPickedFile(file: File, prefix: string): Promise<PickedFile> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      resolve({
        id: newFileId(prefix),
        file,
        previewUrl:
          file.type.startsWith('image/') && typeof reader.result === 'string' ? reader.result : null,
      });
    reader.onerror = () => reject(reader.error ?? new Error('could not read the file'));
    if (file.type.startsWith('image/')) reader.readAsDataURL(file);
    else reader.readAsArrayBuffer(file.slice(0, 16));
  });
}

export type PickProblem = 'type' | 'size' | 'read';

/** A file the server already has from an earlier visit to the step. */
export interface StoredFile {
  name: string;
  size: number;
  /** An image's thumbnail (an object URL), or null for a file icon. */
  previewUrl: string | null;
}

function FileCard({ name, size, previewUrl, children }: StoredFile & { children?: ReactNode }) {
  return (
    <>
      {previewUrl ? (
        <img src={previewUrl} alt="" className="size-12 shrink-0 rounded object-cover" />
      ) : (
        <span className="flex size-12 shrink-0 items-center justify-center rounded bg-canvas text-ink-muted">
          <FileText className="size-6" aria-hidden />
        </span>
      )}
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium text-ink text-sm" title={name}>
          {name}
        </p>
        <p className="text-ink-muted text-xs">{formatSize(size)}</p>
        {children}
      </div>
    </>
  );
}

/**
 * A file field: a button-like picker, then the chosen file's thumbnail (or a file icon), name and
 * size with a remove button, and its upload progress while it is sent. A file the server already
 * has (`stored`) shows the same way until a new one is picked to replace it.
 */
export function FilePicker({
  label,
  hint,
  accept,
  prefix,
  value,
  onPick,
  onProblem,
  progress,
  maxBytes = DOCUMENT_MAX_BYTES,
  allowed,
  pickText = 'Choose a file',
  stored,
  required = false,
  error,
}: {
  label: string;
  hint?: string;
  accept: string;
  prefix: string;
  value: PickedFile | undefined;
  onPick: (file: PickedFile | null) => void;
  onProblem: (problem: PickProblem) => void;
  progress?: number | null;
  maxBytes?: number;
  /** Checks the picked file before reading it (the server checks the content again). */
  allowed: (file: File) => boolean;
  pickText?: string;
  stored?: StoredFile;
  /** Marked beside the label, so a seller sees what Next needs before pressing it. */
  required?: boolean;
  /** Shown under the field, e.g. after Next found it empty. */
  error?: string | undefined;
}) {
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  const input = useRef<HTMLInputElement>(null);

  const pick = async (file: File | undefined) => {
    if (!file) return;
    if (!allowed(file)) return onProblem('type');
    if (file.size > maxBytes) return onProblem('size');
    try {
      onPick(await readPickedFile(file, prefix));
    } catch {
      onProblem('read');
    }
  };

  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-baseline gap-2">
        <label htmlFor={inputId} className="font-medium text-ink text-sm">
          {label}
        </label>
        {required && (
          <span aria-hidden className="font-semibold text-danger-700 text-xs">
            Required
          </span>
        )}
      </div>
      {hint && (
        <p id={hintId} className="text-ink-muted text-sm">
          {hint}
        </p>
      )}
      {value ? (
        <div className="flex items-center gap-3 rounded-control border border-line-strong p-3">
          <FileCard name={value.file.name} size={value.file.size} previewUrl={value.previewUrl}>
            {stored && <p className="text-ink-muted text-xs">Replaces {stored.name}</p>}
            {progress != null && (
              <ProgressBar value={progress} label={`Uploading ${label}`} className="gap-3" />
            )}
          </FileCard>
          <button
            type="button"
            onClick={() => {
              onPick(null);
              if (input.current) input.current.value = '';
            }}
            aria-label={`Remove ${label}`}
            className="flex size-10 shrink-0 items-center justify-center rounded-control text-ink-muted hover:bg-canvas hover:text-ink"
          >
            <X className="size-5" aria-hidden />
          </button>
        </div>
      ) : stored ? (
        <div className="flex items-center gap-3 rounded-control border border-brand-200 bg-brand-50 p-3">
          <FileCard {...stored}>
            <p className="flex items-center gap-1 font-medium text-brand-700 text-xs">
              <CheckCircle2 className="size-3.5" aria-hidden />
              Uploaded. Choose a new file below to replace it.
            </p>
          </FileCard>
        </div>
      ) : null}
      <input
        ref={input}
        id={inputId}
        type="file"
        accept={accept}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className={
          value
            ? 'sr-only'
            : clsx(
                'block w-full rounded-control border border-line-strong border-dashed bg-canvas p-3 text-ink text-sm',
                'file:mr-3 file:rounded-control file:border-0 file:bg-brand-600 file:px-3 file:py-2 file:font-semibold file:text-white',
              )
        }
        title={pickText}
        onChange={(event) => void pick(event.target.files?.[0])}
      />
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/** Accepted document types, judged by extension here; the server judges by content. */
export const isAcceptedDocument = (file: File) => /\.(pdf|docx?|jpe?g|png)$/i.test(file.name);
export const isImage = (file: File) =>
  file.type.startsWith('image/') || /\.(jpe?g|png|webp|gif|avif)$/i.test(file.name);

export function SelectField({
  label,
  value,
  onChange,
  options,
  hint,
  error,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: ReadonlyArray<{ value: string; label: string }>;
  hint?: string;
  error?: string;
}) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="font-medium text-ink text-sm">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={describedBy || undefined}
        aria-invalid={error ? true : undefined}
        className={clsx(
          'min-h-11 w-full rounded-control border bg-surface px-3 text-base text-ink',
          error ? 'border-danger-600' : 'border-line-strong',
        )}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {hint && (
        <p id={`${id}-hint`} className="text-ink-muted text-sm">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
