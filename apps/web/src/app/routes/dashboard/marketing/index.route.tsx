import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { useAuthContext } from '@/features/auth/auth-context';
import { CampaignsSummary } from '@/features/campaigns/campaigns-summary';
import { CouponsSummary } from '@/features/coupons/coupons-summary';
import { DashboardScreen } from '@/features/shell/dashboard-screen';
import { buttonClasses } from '@/ui/button';

/** The Marketing index: both tools side by side, each with its figures and a way in. */
export function Component() {
  const { api } = useAuthContext();
  return (
    <DashboardScreen title="Marketing">
      <div className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-ink-muted text-sm">
            Coupons and inbox campaigns that bring buyers back to your store.
          </p>
          <div className="flex flex-wrap gap-2">
            <Link
              to={paths.dashboard.marketing.coupons.create}
              className={buttonClasses({ variant: 'secondary', size: 'sm' })}
            >
              Create coupon
            </Link>
            <Link
              to={paths.dashboard.marketing.inboxCampaigns.create}
              className={buttonClasses({ size: 'sm' })}
            >
              New campaign
            </Link>
          </div>
        </div>
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
          <CouponsSummary api={api} />
          <CampaignsSummary api={api} />
        </div>
      </div>
    </DashboardScreen>
  );
}
