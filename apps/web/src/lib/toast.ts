import { toast as sonner } from 'sonner';

/**
 * The spec words every notice as a title plus an optional description ('Login failed' / the
 * server message), so screens call toast.error(title, description) instead of sonner directly.
 */
type Notify = (title: string, description?: string) => string | number;

const withDescription = (description?: string) => (description ? { description } : undefined);

export const toast: {
  success: Notify;
  error: Notify;
  info: Notify;
  warning: Notify;
  loading: Notify;
  dismiss: (id?: string | number) => void;
} = {
  success: (title, description) => sonner.success(title, withDescription(description)),
  error: (title, description) => sonner.error(title, withDescription(description)),
  info: (title, description) => sonner.info(title, withDescription(description)),
  warning: (title, description) => sonner.warning(title, withDescription(description)),
  loading: (title, description) => sonner.loading(title, withDescription(description)),
  dismiss: (id) => {
    sonner.dismiss(id);
  },
};
