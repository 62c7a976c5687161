// toBeVisible, toBeInTheDocument and the other DOM matchers, on vitest's expect (types included).
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach } from 'vitest';

// findBy… and waitFor give up after this long (Testing Library's default is 1 s): two test files run at
// once on two cores, and a whole screen's first render then took longer than a second now and again.
configure({ asyncUtilTimeout: 5_000 });

// Vitest globals are off, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  // Sonner keeps toasts in a module-wide store and replays the active ones to the next Toaster,
  // so one test's toasts would show up in the next test.
  toast.dismiss();
  localStorage.clear();
  sessionStorage.clear();
});
