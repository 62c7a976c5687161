// toBeVisible, toBeInTheDocument and the other DOM matchers, on vitest's expect (types included).
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach } from 'vitest';

// Vitest globals are off, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  // Sonner keeps toasts in a module-wide store and replays the active ones to the next Toaster,
  // so one test's toasts would show up in the next test.
  toast.dismiss();
  localStorage.clear();
  sessionStorage.clear();
});
