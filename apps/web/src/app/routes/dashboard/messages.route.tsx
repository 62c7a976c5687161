import { DashboardScreen } from '@/features/shell/dashboard-screen';

export function Component() {
  return (
    <DashboardScreen title="Messages" layout="messages">
      <div className="p-4 lg:p-6">
        <section className="rounded-card bg-surface p-5 shadow-card">
          <p className="text-ink-muted">Your conversations with buyers, side by side with each chat.</p>
        </section>
      </div>
    </DashboardScreen>
  );
}
