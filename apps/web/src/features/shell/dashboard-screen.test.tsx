import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { DashboardScreen } from '@/features/shell/dashboard-screen';
import { ShellAccountProvider, type ShellAccountValue } from '@/features/shell/shell-account';

function renderScreen(value: ShellAccountValue) {
  const router = createMemoryRouter([
    {
      path: '/',
      element: (
        <ShellAccountProvider value={value}>
          <DashboardScreen title="Orders" description="Every order." />
        </ShellAccountProvider>
      ),
    },
  ]);
  render(<RouterProvider router={router} />);
}

const account = { firstName: 'Amaka', lastName: 'Okafor', storeName: "Amaka's Closet", avatarUrl: null };

describe('the dashboard header', () => {
  it("shows the seller's initials, name and store, linking to the account page", () => {
    renderScreen({ account });
    const link = screen.getByRole('link', { name: /Amaka Okafor/ });
    expect(link.getAttribute('href')).toBe('/dashboard/account');
    expect(link.textContent).toContain("Amaka's Closet");
    expect(link.textContent).toContain('AO');
  });

  it('offers Log Out when the layout provides it', async () => {
    const onLogout = vi.fn();
    renderScreen({ account, onLogout });
    await userEvent.click(screen.getByRole('button', { name: 'Log Out' }));
    expect(onLogout).toHaveBeenCalledTimes(1);
  });

  it('shows neither before anyone is known', () => {
    renderScreen({ account: null });
    expect(screen.queryByRole('button', { name: 'Log Out' })).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Orders' })).toBeTruthy();
  });
});
