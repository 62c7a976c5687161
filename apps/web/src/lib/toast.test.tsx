import { act, render, screen, waitFor } from '@testing-library/react';
import { Toaster } from 'sonner';
import { describe, expect, it } from 'vitest';
import { toast } from '@/lib/toast';

describe('toast', () => {
  it('shows the title with its description', async () => {
    render(<Toaster />);
    act(() => {
      toast.error('Login failed', 'Invalid email or password');
    });
    // sonner mounts a toast hidden and shows it a frame later (slower on a loaded machine): wait
    // for what the seller sees.
    await waitFor(() => expect(screen.getByText('Login failed')).toBeVisible());
    expect(screen.getByText('Invalid email or password')).toBeVisible();
  });

  it('shows a title alone when there is no description', async () => {
    render(<Toaster />);
    act(() => {
      toast.success('Login successful');
    });
    await waitFor(() => expect(screen.getByText('Login successful')).toBeVisible());
  });
});

describe('toast before the Toaster is there', () => {
  it('is shown once the Toaster mounts, and a dismissed one is not', async () => {
    let kept: string | number = '';
    act(() => {
      kept = toast.info('Chat is starting', 'Try again in a moment.');
      const gone = toast.warning('Gone before it was seen');
      toast.dismiss(gone);
    });
    expect(kept).not.toBe('');
    render(<Toaster />);
    await waitFor(() => expect(screen.getByText('Chat is starting')).toBeVisible());
    expect(screen.queryByText('Gone before it was seen')).toBeNull();
  });
});
