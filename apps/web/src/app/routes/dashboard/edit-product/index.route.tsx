import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { DashboardScreen } from '@/features/shell/dashboard-screen';
import { buttonClasses } from '@/ui/button';

/** The spec lists the editor's bare path too; without a product there is nothing to edit yet. */
export function Component() {
  return (
    <DashboardScreen
      title="Edit Product"
      description="Choose a product from your catalogue to change its details."
    >
      <div className="mt-4 flex gap-3">
        <Link to={paths.dashboard.products} className={buttonClasses()}>
          Go to products
        </Link>
        <Link to={paths.dashboard.drafts} className={buttonClasses({ variant: 'secondary' })}>
          Go to drafts
        </Link>
      </div>
    </DashboardScreen>
  );
}
