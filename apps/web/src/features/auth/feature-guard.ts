import {
  FEATURE_GATE_REFUSALS,
  type FeatureGateCode,
  featureGateRefusal,
  type Seller,
} from '@kasuwa/contracts';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '@/app/paths';
import { toast } from '@/lib/toast';

/** SPEC section 5: creating or editing products and every live-stream feature need these two things. */
export const PROTECTED_PATH_PREFIXES: readonly string[] = [
  paths.dashboard.addProducts,
  paths.dashboard.editProduct(),
  paths.dashboard.livestreaming,
  paths.dashboard.liveStreams.createLiveAuction,
  paths.dashboard.liveStreams.createLiveShow,
  `${paths.dashboard.liveStreams.root}/live-stream-studio`,
];

export const PICKUP_ADDRESS_QUERY = 'pickupAddressRequired';

export interface GuardRefusal {
  title: string;
  description: string;
  redirectTo: string;
}

export function isProtectedPath(pathname: string): boolean {
  return PROTECTED_PATH_PREFIXES.some((prefix) => pathname.startsWith(prefix));
}

/** Individual sellers register a seller address, businesses a business address (SPEC section 5). */
export { hasPickupAddress } from '@kasuwa/contracts';

/**
 * What the guard says and where it sends the seller for a missing condition: the same whether the
 * route guard found it or the server refused a call with the condition's code.
 */
export function guardRefusalFor(code: FeatureGateCode): GuardRefusal {
  const { title, message } = FEATURE_GATE_REFUSALS[code];
  return {
    title,
    description: message,
    redirectTo:
      code === 'PICKUP_ADDRESS_REQUIRED'
        ? `${paths.dashboard.home}?${PICKUP_ADDRESS_QUERY}=true`
        : paths.dashboard.home,
  };
}

/** Why the seller may not open this path yet, or null when they may. */
export function checkProtectedPath(pathname: string, seller: Seller | null): GuardRefusal | null {
  if (!seller || !isProtectedPath(pathname)) return null;
  const code = featureGateRefusal(seller);
  return code ? guardRefusalFor(code) : null;
}

/**
 * Applies the guard on every navigation: shows the error toast and replaces the location. Returns
 * whether the screen must stay hidden meanwhile.
 */
export function useProtectedPathGuard(seller: Seller | null): boolean {
  const location = useLocation();
  const navigate = useNavigate();
  const refusal = checkProtectedPath(location.pathname, seller);
  const handled = useRef<string | null>(null);

  useEffect(() => {
    // Once per navigation, even when React runs effects twice in development.
    if (!refusal || handled.current === location.key) return;
    handled.current = location.key;
    toast.error(refusal.title, refusal.description);
    void navigate(refusal.redirectTo, { replace: true });
  }, [refusal, location.key, navigate]);

  return refusal !== null;
}
