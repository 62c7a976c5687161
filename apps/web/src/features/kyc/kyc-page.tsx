// size: the KYC screen reads top to bottom: status, the form, numbers on file, documents, history
import { KYC_IDENTITY_LABELS, KYC_STATUS_LABELS, type KycResponse, submitKycBody } from '@kasuwa/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { BadgeCheck, Clock3, ShieldAlert, ShieldCheck } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import {
  type DocumentUploader,
  kycKeys,
  kycQueries,
  submitKyc,
  uploadDocument,
} from '@/features/kyc/kyc-api';
import { Documents } from '@/features/kyc/kyc-documents';
import { masked, STATUS_TEXT, STATUS_TONE } from '@/features/kyc/kyc-labels';
import { type ApiClient, api as appApi, isApiError } from '@/lib/api-client';
import { lagosDateTime } from '@/lib/lagos-date';
import { toast } from '@/lib/toast';
import { Button } from '@/ui/button';
import { Input } from '@/ui/input';
import { LoadFailed } from '@/ui/list-skeleton';

export interface KycPageProps {
  api?: ApiClient;
  upload?: DocumentUploader;
}

/** KYC Verification (issue 17): the status, the identity numbers, the onboarding documents, the history. */
export function KycPage({ api = appApi, upload = uploadDocument }: KycPageProps) {
  const kyc = useQuery(kycQueries.status(api));

  if (kyc.isPending) {
    return <div aria-hidden className="h-48 animate-pulse rounded-card bg-line" />;
  }
  if (kyc.isError || !kyc.data) {
    return (
      <section aria-label="Identity verification" className="rounded-card bg-surface shadow-card">
        <LoadFailed what="your verification" onRetry={() => void kyc.refetch()} />
      </section>
    );
  }
  const data = kyc.data;
  return (
    <div className="flex flex-col gap-4">
      <StatusCard kyc={data} />
      <div className="grid grid-cols-1 items-start gap-4 lg:grid-cols-3">
        <div className="flex flex-col gap-4 lg:col-span-2">
          {data.canSubmit && data.accountType && (
            <KycForm api={api} accountType={data.accountType} again={data.status !== 'not_started'} />
          )}
          {data.accountType === null && (
            <section className="rounded-card bg-surface p-5 shadow-card">
              <p className="text-ink">
                Choose whether you sell as an individual or a business in onboarding first: the details we
                check depend on it.
              </p>
            </section>
          )}
          <Documents api={api} upload={upload} accountType={data.accountType} />
        </div>
        <div className="flex flex-col gap-4">
          <NumbersOnFile kyc={data} />
          <History kyc={data} />
        </div>
      </div>
    </div>
  );
}

function StatusIcon({ status }: { status: KycResponse['status'] }) {
  const Icon =
    status === 'verified'
      ? BadgeCheck
      : status === 'pending'
        ? Clock3
        : status === 'not_started'
          ? ShieldCheck
          : ShieldAlert;
  return <Icon className="size-6 shrink-0" aria-hidden />;
}

function StatusCard({ kyc }: { kyc: KycResponse }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="rounded-card bg-surface p-5 shadow-card">
      <div className="flex flex-wrap items-center gap-3">
        <span
          className={clsx('flex size-11 items-center justify-center rounded-full', STATUS_TONE[kyc.status])}
        >
          <StatusIcon status={kyc.status} />
        </span>
        <div className="min-w-0 flex-1">
          <h2 id={headingId} className="font-semibold text-ink text-lg">
            Verification status
          </h2>
          <p>
            <span
              className={clsx(
                'inline-flex rounded-full px-2.5 py-0.5 font-semibold text-sm',
                STATUS_TONE[kyc.status],
              )}
            >
              {KYC_STATUS_LABELS[kyc.status]}
            </span>
          </p>
        </div>
      </div>
      <p className="mt-3 text-ink">{STATUS_TEXT[kyc.status]}</p>
      {kyc.reason && (
        <p className="mt-3 rounded-control border border-danger-600/30 bg-danger-50 p-3 text-danger-700">
          <span className="font-semibold">Reason: </span>
          {kyc.reason}
        </p>
      )}
      {(kyc.submittedAt || kyc.reviewedAt) && (
        <dl className="mt-3 flex flex-wrap gap-x-6 gap-y-1 text-ink-muted text-sm">
          {kyc.submittedAt && (
            <div className="flex gap-1">
              <dt>Submitted</dt>
              <dd className="text-ink">{lagosDateTime(kyc.submittedAt)}</dd>
            </div>
          )}
          {kyc.reviewedAt && (
            <div className="flex gap-1">
              <dt>Reviewed</dt>
              <dd className="text-ink">{lagosDateTime(kyc.reviewedAt)}</dd>
            </div>
          )}
        </dl>
      )}
    </section>
  );
}

type FieldErrors = Partial<Record<'bvn' | 'nin' | 'cacNumber' | 'directorBvn' | 'consent', string>>;

function KycForm({
  api,
  accountType,
  again,
}: {
  api: ApiClient;
  accountType: 'individual' | 'business';
  again: boolean;
}) {
  const headingId = useId();
  const queryClient = useQueryClient();
  const [values, setValues] = useState({ bvn: '', nin: '', cacNumber: '', directorBvn: '' });
  const [consent, setConsent] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const consentId = useId();

  const mutation = useMutation({
    mutationFn: (body: Parameters<typeof submitKyc>[1]) => submitKyc(api, body),
    onSuccess: (answer) => {
      queryClient.setQueryData(kycKeys.status(), answer);
      void queryClient.invalidateQueries({ queryKey: ['account'] });
      if (answer.status === 'pending')
        toast.success('Details submitted', 'They passed the identity check and wait for review.');
      else toast.error('Please check your details', answer.reason ?? undefined);
    },
    onError: (error) => {
      setServerError(isApiError(error) ? error.message : 'Something went wrong. Please try again.');
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setServerError(null);
    const body =
      accountType === 'individual'
        ? { kind: 'individual' as const, bvn: values.bvn, nin: values.nin }
        : { kind: 'business' as const, cacNumber: values.cacNumber, directorBvn: values.directorBvn };
    const parsed = submitKycBody.safeParse(body);
    const next: FieldErrors = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof FieldErrors;
        next[key] ??= issue.message;
      }
    }
    if (!consent) next.consent = 'Tick the box to let us check your details';
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    mutation.mutate(body);
  };

  const field = (name: keyof typeof values) => ({
    value: values[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) =>
      setValues((v) => ({ ...v, [name]: e.target.value })),
    error: errors[name],
    autoComplete: 'off',
    spellCheck: false,
  });

  return (
    <section aria-labelledby={headingId} className="rounded-card bg-surface p-5 shadow-card">
      <h2 id={headingId} className="font-semibold text-ink text-lg">
        {again ? 'Submit your details again' : 'Verify your identity'}
      </h2>
      <p className="mt-1 text-ink-muted text-sm">
        {accountType === 'individual'
          ? 'Your Bank Verification Number and National Identification Number. The names on them must match your name on your account and your bank account.'
          : "Your business's CAC registration number and the BVN of one of its directors. The company's name must match your business name."}
      </p>
      <form noValidate onSubmit={onSubmit} className="mt-4 flex flex-col gap-4">
        {accountType === 'individual' ? (
          <>
            <Input
              label="BVN"
              hint="11 digits. Dial *565*0# on the phone number linked to your bank to see it."
              inputMode="numeric"
              maxLength={15}
              {...field('bvn')}
            />
            <Input
              label="NIN"
              hint="11 digits, on your NIN slip or National ID card. Dial *346# to see it."
              inputMode="numeric"
              maxLength={15}
              {...field('nin')}
            />
          </>
        ) : (
          <>
            <Input
              label="CAC registration number"
              hint="As on your certificate: RC 1234567 for a company, BN 2345678 for a business name."
              maxLength={14}
              {...field('cacNumber')}
            />
            <Input
              label="Director's BVN"
              hint="11 digits: the BVN of a director registered with the CAC."
              inputMode="numeric"
              maxLength={15}
              {...field('directorBvn')}
            />
          </>
        )}
        <div className="flex flex-col gap-1">
          <div className="flex items-start gap-2">
            <input
              id={consentId}
              type="checkbox"
              checked={consent}
              onChange={(e) => setConsent(e.target.checked)}
              aria-invalid={errors.consent ? true : undefined}
              aria-describedby={errors.consent ? `${consentId}-error` : undefined}
              className="mt-1 size-5 accent-brand-600"
            />
            <label htmlFor={consentId} className="text-ink text-sm">
              I confirm these are my details and agree that Kasuwa checks them with the national identity
              registers. We keep the numbers encrypted and show only their last 4 digits.
            </label>
          </div>
          {errors.consent && (
            <p id={`${consentId}-error`} className="text-danger-700 text-sm">
              {errors.consent}
            </p>
          )}
        </div>
        {serverError && (
          <p role="alert" className="rounded-control bg-danger-50 p-3 text-danger-700 text-sm">
            {serverError}
          </p>
        )}
        <div>
          <Button type="submit" loading={mutation.isPending}>
            Submit for verification
          </Button>
        </div>
      </form>
    </section>
  );
}

function NumbersOnFile({ kyc }: { kyc: KycResponse }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="rounded-card bg-surface p-5 shadow-card">
      <h2 id={headingId} className="font-semibold text-ink text-lg">
        Numbers on file
      </h2>
      {kyc.identities.length === 0 ? (
        <p className="mt-2 text-ink-muted text-sm">None yet. The numbers you submit appear here, masked.</p>
      ) : (
        <dl className="mt-3 flex flex-col gap-3">
          {kyc.identities.map((identity) => (
            <div key={identity.type} className="flex flex-col">
              <dt className="text-ink-muted text-sm">{KYC_IDENTITY_LABELS[identity.type]}</dt>
              <dd className="font-mono text-ink">
                <span aria-hidden>{masked(identity.last4)}</span>
                <span className="sr-only">{`ending in ${identity.last4}`}</span>
                {identity.nameOnRecord && (
                  <span className="block font-sans text-ink-muted text-xs">
                    On record: {identity.nameOnRecord}
                  </span>
                )}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

const ACTOR_WORDS = { seller: 'You submitted', check: 'Identity check', operator: 'Review team' } as const;

function History({ kyc }: { kyc: KycResponse }) {
  const headingId = useId();
  if (kyc.history.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="rounded-card bg-surface p-5 shadow-card">
      <h2 id={headingId} className="font-semibold text-ink text-lg">
        History
      </h2>
      <ol className="mt-3 flex flex-col gap-3">
        {[...kyc.history].reverse().map((event) => (
          <li key={event.id} className="border-line border-l-2 pl-3">
            <p className="font-medium text-ink text-sm">
              {KYC_STATUS_LABELS[event.status]}
              <span className="font-normal text-ink-muted"> · {ACTOR_WORDS[event.actor]}</span>
            </p>
            <p className="text-ink-muted text-xs">{lagosDateTime(event.at)}</p>
            {event.reason && <p className="mt-1 text-ink text-sm">{event.reason}</p>}
          </li>
        ))}
      </ol>
    </section>
  );
}
