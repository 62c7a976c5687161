import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PreloadErrorWatcher } from '@/features/app-update/preload-error-watcher';
import type { RefreshEnvironment } from '@/features/app-update/refresh-to-latest';
import { UpdateAvailableOverlay } from '@/features/app-update/update-available-overlay';

/** Stand-ins for navigator.serviceWorker and location.reload that record what happened, in order. */
function fakeBrowser(workerCount: number) {
  const calls: string[] = [];
  const registrations = Array.from({ length: workerCount }, (_, index) => ({
    unregister: vi.fn(async () => {
      calls.push(`unregister ${index}`);
      return true;
    }),
  }));
  const environment: RefreshEnvironment = {
    serviceWorker: {
      getRegistrations: async () => registrations as unknown as readonly ServiceWorkerRegistration[],
    },
    reload: () => calls.push('reload'),
  };
  return { calls, environment };
}

describe('UpdateAvailableOverlay', () => {
  it('shows the update message as a modal and puts focus on Refresh Now', () => {
    render(<UpdateAvailableOverlay environment={fakeBrowser(0).environment} />);

    const dialog = screen.getByRole('alertdialog', { name: 'Update Available' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.textContent).toContain(
      'A new version of the app is available. Please refresh to continue with the latest updates.',
    );
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Refresh Now' }));
  });

  it('keeps keyboard focus on Refresh Now', async () => {
    render(<UpdateAvailableOverlay environment={fakeBrowser(0).environment} />);
    const refresh = screen.getByRole('button', { name: 'Refresh Now' });

    await userEvent.tab();
    expect(document.activeElement).toBe(refresh);
    await userEvent.tab({ shift: true });
    expect(document.activeElement).toBe(refresh);
  });

  it('unregisters every service worker before reloading', async () => {
    const { calls, environment } = fakeBrowser(2);
    render(<UpdateAvailableOverlay environment={environment} />);

    await userEvent.click(screen.getByRole('button', { name: 'Refresh Now' }));

    await vi.waitFor(() => expect(calls).toContain('reload'));
    expect(calls).toEqual(['unregister 0', 'unregister 1', 'reload']);
    expect(screen.getByRole('button', { name: 'Refresh Now' }).getAttribute('aria-busy')).toBe('true');
  });

  it('just reloads where service workers are not supported', async () => {
    const reload = vi.fn();
    render(<UpdateAvailableOverlay environment={{ reload }} />);

    await userEvent.click(screen.getByRole('button', { name: 'Refresh Now' }));

    await vi.waitFor(() => expect(reload).toHaveBeenCalledOnce());
  });

  it('still reloads when the service workers cannot be listed', async () => {
    const reload = vi.fn();
    const environment: RefreshEnvironment = {
      serviceWorker: { getRegistrations: () => Promise.reject(new Error('SecurityError')) },
      reload,
    };
    render(<UpdateAvailableOverlay environment={environment} />);

    await userEvent.click(screen.getByRole('button', { name: 'Refresh Now' }));

    await vi.waitFor(() => expect(reload).toHaveBeenCalledOnce());
  });

  it('shows a single dialog when two parts of the app ask for it at once', () => {
    render(
      <>
        <UpdateAvailableOverlay environment={fakeBrowser(0).environment} />
        <UpdateAvailableOverlay environment={fakeBrowser(0).environment} />
      </>,
    );
    expect(screen.getAllByRole('alertdialog')).toHaveLength(1);
  });
});

describe('PreloadErrorWatcher', () => {
  it('shows the overlay when Vite reports a chunk it could not preload', () => {
    render(<PreloadErrorWatcher />);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();

    act(() => {
      const event = Object.assign(new Event('vite:preloadError', { cancelable: true }), {
        payload: new Error('Unable to preload CSS for /assets/x.css'),
      });
      window.dispatchEvent(event);
    });

    expect(screen.getByRole('alertdialog', { name: 'Update Available' })).toBeVisible();
  });
});
