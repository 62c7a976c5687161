import { greetingLine, storeLine } from '@/features/home/greeting';

/*
 * The dashboard's prerendered first paint (dashboard-*.html, app/first-paint.tsx) is static HTML,
 * the same for everyone: the frame, the screen's title and, on home, an empty greeting. Before the
 * app runs, app/boot.ts calls this with the page's storage: the signed-in seller's own stored record
 * (the one the app itself greets them with) fills the greeting; with no stored session the painted
 * frame is taken away, since the app will send the visitor to /login. Nothing here comes from the
 * server, so no other seller's data can be shown. Free of the app's imports: it runs in boot.ts.
 */

/** The stored session's seller (as the app restores it, SPEC §3's `sellerToken`): what the first paint shows. */
function storedSeller(storage: Storage): { firstName: string; storeName: string } | null {
  try {
    const session: unknown = JSON.parse(storage.getItem('sellerToken') ?? 'null');
    if (typeof session !== 'object' || session === null) return null;
    const { data, token } = session as Record<string, unknown>;
    if (typeof token !== 'string' || typeof data !== 'object' || data === null) return null;
    const { firstName, storeName } = data as Record<string, unknown>;
    if (typeof firstName !== 'string' || typeof storeName !== 'string') return null;
    return { firstName, storeName };
  } catch {
    return null;
  }
}

/** Completes (or, with no session, removes) a painted dashboard screen; false when it was removed. */
export function fillDashboardFirstPaint(
  painted: HTMLElement,
  storage: Storage | null,
  now = new Date(),
): boolean {
  const seller = storage ? storedSeller(storage) : null;
  if (!seller) {
    painted.remove();
    return false;
  }
  const [greeting, store] = painted.querySelectorAll('[data-greeting] > p');
  if (greeting) greeting.textContent = greetingLine(seller.firstName, now);
  if (store) store.textContent = storeLine(seller.storeName);
  return true;
}
