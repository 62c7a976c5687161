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
