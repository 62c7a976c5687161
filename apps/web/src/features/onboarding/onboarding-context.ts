import type { OnboardingStepResponse } from '@kasuwa/contracts';
import { createContext, useContext } from 'react';
import type { OnboardingDraft, PickedFile, PickedFiles } from '@/features/onboarding/onboarding-draft';
import type { Notice } from '@/features/onboarding/validation';
import type { ApiClient } from '@/lib/api-client';
import type { UploadOptions } from '@/lib/upload';
import type { ScreenToasts } from '@/lib/use-screen-toasts';

export interface OnboardingContextValue {
  draft: OnboardingDraft;
  /** Changes one part of the draft; the draft outlives the step, so Back keeps it. */
  update<K extends keyof OnboardingDraft>(key: K, value: OnboardingDraft[K]): void;
  files: PickedFiles;
  setFile(slot: keyof PickedFiles, file: PickedFile | null): void;
  api: ApiClient;
  /** Sends a multipart form with upload progress. */
  upload<T>(path: string, form: FormData, options?: UploadOptions): Promise<T>;
  /** SPEC section 4: each step stores the token the server returns and the onboarding marker. */
  completeStep(answer: OnboardingStepResponse): void;
  /** The current step's error toasts: they go when the step is left or its problem is fixed. */
  toasts: StepToasts;
}

export interface StepToasts extends ScreenToasts {
  /** Shows what stops Next (SPEC section 5's toast) until that problem is fixed or the step is left. */
  complain(notice: Notice): void;
  /** Takes the complaint away once the step's current problem is no longer the one complained of. */
  settle(problem: Notice | null): void;
}

export const OnboardingContext = createContext<OnboardingContextValue | null>(null);

export function useOnboardingContext(): OnboardingContextValue {
  const value = useContext(OnboardingContext);
  if (!value) throw new Error('useOnboardingContext must be used within an OnboardingProvider');
  return value;
}
