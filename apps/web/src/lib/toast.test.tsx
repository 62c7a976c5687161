import { act, render, screen } from '@testing-library/react';
import { Toaster } from 'sonner';
import { describe, expect, it } from 'vitest';
import { toast } from '@/lib/toast';

describe('toast', () => {
  it('shows the title with its description', async () => {
    render(<Toaster />);
    act(() => {
      toast.error('Login failed', 'Invalid email or password');
    });
    expect(await screen.findByText('Login failed')).toBeVisible();
    expect(screen.getByText('Invalid email or password')).toBeVisible();
  });

  it('shows a title alone when there is no description', async () => {
    render(<Toaster />);
    act(() => {
      toast.success('Login successful');
    });
    expect(await screen.findByText('Login successful')).toBeVisible();
  });
});
