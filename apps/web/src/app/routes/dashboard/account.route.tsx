import { AccountPage } from '@/features/account/account-page';
import { useAuthContext } from '@/features/auth/auth-context';
import { FollowersCard } from '@/features/followers/followers-card';
import { DashboardScreen } from '@/features/shell/dashboard-screen';

export function Component() {
  const { api } = useAuthContext();
  return (
    <DashboardScreen title="Account">
      <div className="flex flex-col gap-4">
        <AccountPage api={api} />
        {/* Followers belong to the store as much as its link and referrals do (issue 16). */}
        <FollowersCard api={api} />
      </div>
    </DashboardScreen>
  );
}
