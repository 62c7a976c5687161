import type { StepToasts } from '@/features/onboarding/onboarding-context';
import { isApiError } from '@/lib/api-client';

/** SPEC section 8: each onboarding failure shows its title with the server's message, until the step is left. */
export function showSubmitError(
  toasts: StepToasts,
  title: string,
  error: unknown,
  fallback = 'Please try again',
) {
  toasts.error('submit', title, isApiError(error) ? error.message : fallback);
}
