import type { OnboardingStepResponse } from '@kasuwa/contracts';
import { useMutation } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useOnboardingContext } from '@/features/onboarding/onboarding-context';

type StepWrite = { method: 'PUT' | 'POST'; path: string; body: unknown };

/**
 * Saves a step's answers through useMutation. A step shows a failure itself, as a screen-scoped
 * toast (it goes when the seller leaves the step) and field errors, so the mutation names no
 * errorToast; the returned function rejects, and the step's catch shows both.
 */
export function useStepSave() {
  const { api } = useOnboardingContext();
  const { mutateAsync } = useMutation({
    mutationFn: ({ method, path, body }: StepWrite) =>
      api.request<OnboardingStepResponse>(path, { method, body }),
  });
  return useCallback(
    (method: StepWrite['method'], path: string, body: unknown) => mutateAsync({ method, path, body }),
    [mutateAsync],
  );
}
