import { useEffect } from 'react';
import { appOutbox, type OutboxKind, type OutboxSender } from '@/lib/outbox';
import { toast } from '@/lib/toast';

/** While entries wait and the phone believes it is online, another try this often. */
export const OUTBOX_RETRY_MS = 30_000;

/**
 * Sends what the seller saved offline (lib/outbox.ts) when the connection is there: at once when
 * the dashboard opens, when the browser says it is back online, when something new is saved, and
 * every 30 s while something waits. One tab sends at a time (Web Locks), so two open tabs never
 * send the same product twice. The senders come from the features (the dashboard layout hands them in).
 */
export function OutboxRunner({
  sellerId,
  loadSenders,
}: {
  sellerId: string | null;
  /** Loaded the first time something waits. */
  loadSenders: () => Promise<Partial<Record<OutboxKind, OutboxSender>>>;
}) {
  useEffect(() => {
    if (!sellerId) return;
    let stopped = false;
    let running = false;
    let again = false;
    let unsubscribe = () => {};

    let senders: Partial<Record<OutboxKind, OutboxSender>> | null = null;
    const runOnce = async () => {
      const outbox = await appOutbox();
      const waiting = (await outbox.list()).some((e) => e.sellerId === sellerId && e.status !== 'failed');
      if (!waiting) return;
      senders ??= await loadSenders();
      const report = await outbox.flush(sellerId, senders);
      for (const entry of report.failed) {
        toast.error(`${entry.title} could not be uploaded`, entry.error ?? undefined);
      }
    };

    const run = async () => {
      if (stopped || navigator.onLine === false) return;
      if (running) {
        again = true;
        return;
      }
      running = true;
      try {
        do {
          again = false;
          const locks = (navigator as Navigator & { locks?: LockManager }).locks;
          if (locks) await locks.request('kasuwa-outbox', runOnce);
          else await runOnce();
        } while (again && !stopped);
      } catch {
        // IndexedDB unavailable or a sender's bug: the entries stay, and the next try comes.
      } finally {
        running = false;
      }
    };

    void appOutbox()
      .then(async (outbox) => {
        if (stopped) return;
        unsubscribe = outbox.onWork(() => void run());
        await outbox.recover();
        await run();
      })
      .catch(() => {});
    const onOnline = () => void run();
    window.addEventListener('online', onOnline);
    const timer = setInterval(() => void run(), OUTBOX_RETRY_MS);
    return () => {
      stopped = true;
      unsubscribe();
      window.removeEventListener('online', onOnline);
      clearInterval(timer);
    };
  }, [sellerId, loadSenders]);

  return null;
}
