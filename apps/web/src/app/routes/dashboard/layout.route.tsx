import { Outlet } from 'react-router';
import { useAuthContext } from '@/features/auth/auth-context';
import { AccountDisabledDialog, useDashboardSession } from '@/features/auth/dashboard-session';
import { ShellAccountProvider } from '@/features/shell/shell-account';

/**
 * Wraps every dashboard screen: fetches the seller's profile on entry (blocked and disabled sellers
 * are stopped here) and hands the seller and Log Out to the shell's header.
 */
export function Component() {
  const { seller, disabledDialogOpen } = useDashboardSession();
  const { logout } = useAuthContext();
  const onLogout = () => {
    void logout();
  };

  return (
    <ShellAccountProvider
      value={{
        account: seller
          ? {
              firstName: seller.firstName,
              lastName: seller.lastName,
              storeName: seller.storeName,
              avatarUrl: seller.storeAvatar?.url ?? null,
            }
          : null,
        onLogout,
      }}
    >
      <Outlet />
      <AccountDisabledDialog open={disabledDialogOpen} onLogout={onLogout} />
    </ShellAccountProvider>
  );
}
