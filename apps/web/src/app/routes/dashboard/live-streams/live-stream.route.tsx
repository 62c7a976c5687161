import { LiveShowTypes } from '@/features/live/live-show-types';
import { DashboardScreen } from '@/features/shell/dashboard-screen';

export function Component() {
  return (
    <DashboardScreen title="Live Streams" description="Choose the kind of live show you want to run.">
      <LiveShowTypes />
    </DashboardScreen>
  );
}
