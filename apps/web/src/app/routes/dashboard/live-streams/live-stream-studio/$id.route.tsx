import { DashboardScreen } from '@/features/shell/dashboard-screen';

export function Component() {
  return (
    <DashboardScreen
      title="Live Stream Studio"
      layout="fullscreen"
      description="Where you run a live show: camera, products, bids and chat."
    />
  );
}
