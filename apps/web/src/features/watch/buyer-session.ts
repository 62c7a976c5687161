import type { Buyer } from '@kasuwa/contracts';
import { useCallback, useState } from 'react';
import { createApiClient } from '@/lib/api-client';
import { readStored, removeStored, writeStored } from '@/lib/storage';

/**
 * A buyer's log-in on this device, kept apart from the seller's session (its own storage key, its
 * own API client): a seller watching a show, or a buyer who also sells, never mixes the two, and a
 * refused buyer token never logs a seller out.
 */
export const BUYER_SESSION_KEY = 'buyerSession';

export interface BuyerSession {
  buyer: Buyer;
  token: string;
}

function isBuyerSession(value: unknown): value is BuyerSession {
  if (typeof value !== 'object' || value === null) return false;
  const { buyer, token } = value as Record<string, unknown>;
  if (typeof token !== 'string' || token === '' || typeof buyer !== 'object' || buyer === null) return false;
  const { _id, name } = buyer as Record<string, unknown>;
  return typeof _id === 'string' && typeof name === 'string';
}

export const readBuyerSession = (): BuyerSession | null => readStored(BUYER_SESSION_KEY, isBuyerSession);
export const readBuyerToken = (): string | null => readBuyerSession()?.token ?? null;

/** The watch page's API client: the buyer's token, never the seller's. */
export const buyerApi = createApiClient({ getToken: readBuyerToken });

/** The stored buyer session, with log-in and log-out that keep storage and screen in step. */
export function useBuyerSession() {
  const [session, setSession] = useState<BuyerSession | null>(readBuyerSession);
  const logIn = useCallback((next: BuyerSession) => {
    writeStored(BUYER_SESSION_KEY, next);
    setSession(next);
  }, []);
  const logOut = useCallback(() => {
    removeStored([BUYER_SESSION_KEY]);
    setSession(null);
  }, []);
  return { session, logIn, logOut };
}
