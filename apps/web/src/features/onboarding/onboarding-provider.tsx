import type { OnboardingStepResponse } from '@kasuwa/contracts';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  OnboardingContext,
  type OnboardingContextValue,
  type StepToasts,
} from '@/features/onboarding/onboarding-context';
import {
  mergeDraft,
  type OnboardingDraft,
  type PickedFile,
  type PickedFiles,
} from '@/features/onboarding/onboarding-draft';
import { type ApiClient, api as appApi } from '@/lib/api-client';
import {
  readBearerToken,
  readStoredSeller,
  replaceBearerToken,
  writeOnboardingProcess,
  writeSeller,
} from '@/lib/session-token';
import { onboardingKeyPrefix, readStored, writeStored } from '@/lib/storage';
import { type UploadOptions, uploadForm } from '@/lib/upload';
import { useScreenToasts } from '@/lib/use-screen-toasts';

/** Under the onboarding prefix, so logout clears it with the rest of the onboarding data. */
export const DRAFT_KEY = `${onboardingKeyPrefix}draft`;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

function initialDraft(): OnboardingDraft {
  const draft = mergeDraft(readStored(DRAFT_KEY, isObject));
  // SPEC section 2: the stored seller record, if any, is restored into the form.
  const seller = readStoredSeller();
  if (!seller) return draft;
  return {
    ...draft,
    accountType: readStored(DRAFT_KEY, isObject)
      ? draft.accountType
      : (seller.accountType ?? draft.accountType),
    individual: {
      ...draft.individual,
      firstName: draft.individual.firstName || seller.firstName,
      lastName: draft.individual.lastName || seller.lastName,
    },
  };
}

export interface OnboardingProviderProps {
  children: ReactNode;
  /** Defaults to the app's client; tests pass one on a fake fetch. */
  api?: ApiClient;
  /** Defaults to XMLHttpRequest uploads; tests pass their own. */
  upload?: OnboardingContextValue['upload'];
}

/**
 * Holds the onboarding form across its steps and stores each step's answer. Text fields are also
 * kept in local storage (cleared at logout), so a reload mid-way loses nothing; picked files stay
 * in memory only.
 */
export function OnboardingProvider({
  children,
  api = appApi,
  upload: uploadOverride,
}: OnboardingProviderProps) {
  const [draft, setDraft] = useState<OnboardingDraft>(initialDraft);
  const [files, setFiles] = useState<PickedFiles>({});
  const firstRender = useRef(true);

  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    writeStored(DRAFT_KEY, draft);
  }, [draft]);

  const update = useCallback(<K extends keyof OnboardingDraft>(key: K, value: OnboardingDraft[K]) => {
    setDraft((current) => ({ ...current, [key]: value }));
  }, []);

  const setFile = useCallback((slot: keyof PickedFiles, file: PickedFile | null) => {
    setFiles((current) => {
      const next = { ...current };
      if (file) next[slot] = file;
      else delete next[slot];
      return next;
    });
  }, []);

  const completeStep = useCallback((answer: OnboardingStepResponse) => {
    const current = readBearerToken();
    if (current) replaceBearerToken(current, answer.token);
    const seller = readStoredSeller();
    if (seller) writeSeller({ ...seller, onboardingProcess: answer.onboardingProcess });
    else writeOnboardingProcess(answer.onboardingProcess);
  }, []);

  // Uploads report a 401 to the same client as every other call, so an expired session ends the
  // same way wherever it is noticed.
  const upload = useMemo<OnboardingContextValue['upload']>(
    () =>
      uploadOverride ??
      (<T,>(path: string, form: FormData, options?: UploadOptions) =>
        uploadForm<T>(path, form, { api, ...options })),
    [uploadOverride, api],
  );

  const screenToasts = useScreenToasts();
  const complaint = useRef<string | null>(null);
  const toasts = useMemo<StepToasts>(
    () => ({
      error: screenToasts.error,
      dismiss: (slot) => {
        if (slot === undefined || slot === 'check') complaint.current = null;
        screenToasts.dismiss(slot);
      },
      complain: (notice) => {
        complaint.current = notice.title;
        screenToasts.error('check', notice.title, notice.description);
      },
      settle: (problem) => {
        if (complaint.current === null || complaint.current === problem?.title) return;
        complaint.current = null;
        screenToasts.dismiss('check');
      },
    }),
    [screenToasts],
  );

  const value = useMemo<OnboardingContextValue>(
    () => ({ draft, update, files, setFile, api, upload, completeStep, toasts }),
    [draft, update, files, setFile, api, upload, completeStep, toasts],
  );
  return <OnboardingContext.Provider value={value}>{children}</OnboardingContext.Provider>;
}
