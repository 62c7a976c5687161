import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { readBuyerToken } from '@/features/watch/buyer-session';
import { type BuyItem, checkoutUrl } from '@/features/watch/checkout-link';

export const BUY_LOG_IN_REASON = 'Log in or sign up to buy. Checkout opens as soon as you are in.';

/**
 * The buyer log-in sheet of the public pages (a show, a blip, a store) and the one thing they all
 * carry through it: "Buy now" tapped while logged out opens the sheet, and checkout follows as soon
 * as the buyer is in. A page adds its own pending actions (a bid, a like) around these.
 */
export function useLogInSheet() {
  const navigate = useNavigate();
  const [sheet, setSheet] = useState<{ open: boolean; reason?: string }>({ open: false });
  const pendingCheckout = useRef<BuyItem | null>(null);

  const askToLogIn = useCallback((reason: string) => setSheet({ open: true, reason }), []);

  /** Checkout now for a logged-in buyer; else the sheet, and checkout once logged in. */
  const checkout = useCallback(
    (item: BuyItem) => {
      if (readBuyerToken()) {
        void navigate(checkoutUrl(item));
        return;
      }
      pendingCheckout.current = item;
      askToLogIn(BUY_LOG_IN_REASON);
    },
    [askToLogIn, navigate],
  );

  /** The sheet opened or closed; closed without logging in, the checkout is forgotten. */
  const setOpen = useCallback((open: boolean) => {
    if (!open) pendingCheckout.current = null;
    setSheet((s) => ({ ...s, open }));
  }, []);

  /** Logged in: on to the checkout the buyer asked for, if any. */
  const continueAfterLogIn = useCallback(() => {
    const item = pendingCheckout.current;
    pendingCheckout.current = null;
    if (item) void navigate(checkoutUrl(item));
  }, [navigate]);

  return { sheet, askToLogIn, checkout, setOpen, continueAfterLogIn };
}
