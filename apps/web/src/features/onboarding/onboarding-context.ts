import type { OnboardingStepResponse } from '@kasuwa/contracts';
import { createContext, useContext } from 'react';
import type { OnboardingDraft, PickedFile, PickedFiles } from '@/features/onboarding/onboarding-draft';
import type { ApiClient } from '@/lib/api-client';
import type { UploadOptions } from '@/lib/upload';

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
}

export const OnboardingContext = createContext<OnboardingContextValue | null>(null);

export function useOnboardingContext(): OnboardingContextValue {
  const value = useContext(OnboardingContext);
  if (!value) throw new Error('useOnboardingContext must be used within an OnboardingProvider');
  return value;
}
