import { isApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';

/** SPEC section 8: each onboarding failure shows its title with the server's message. */
export function showSubmitError(title: string, error: unknown, fallback = 'Please try again') {
  toast.error(title, isApiError(error) ? error.message : fallback);
}
