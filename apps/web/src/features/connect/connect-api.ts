import { type ConnectOverview, PRODUCT_NAME, type RotateCatalogueTokenResponse } from '@kasuwa/contracts';
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '@/lib/api-client';

/* The Kasuwa Connect calls of packages/contracts/src/connect.ts. Key: ['connect']. */

export const connectKeys = { overview: ['connect'] as const };

export const connectQueries = {
  overview: (api: ApiClient) =>
    queryOptions({
      queryKey: connectKeys.overview,
      queryFn: ({ signal }) => api.get<ConnectOverview>('/connect', { signal }),
    }),
};

export const rotateCatalogueToken = (api: ApiClient) =>
  api.post<RotateCatalogueTokenResponse>('/connect/catalogue-token');

/** What a seller's message says around the store link, on every channel. */
export const shareText = (storeName: string) =>
  `Shop ${storeName} live on ${PRODUCT_NAME}: watch, ask and buy from your phone.`;

/**
 * The channels' share addresses. WhatsApp, X and Facebook have documented share intents; Instagram
 * and TikTok have none on the web (a link goes in the bio or a story's link sticker), so those are
 * copy-the-link buttons.
 */
export const shareIntents = (url: string, text: string) => ({
  whatsapp: `https://wa.me/?${new URLSearchParams({ text: `${text} ${url}` })}`,
  x: `https://twitter.com/intent/tweet?${new URLSearchParams({ text, url })}`,
  facebook: `https://www.facebook.com/sharer/sharer.php?${new URLSearchParams({ u: url })}`,
});

/** The badge's HTML for the seller's site: a link around an image, no script. */
export const badgeSnippet = (overview: Pick<ConnectOverview, 'badgeLink' | 'badgeImageUrl' | 'storeName'>) =>
  `<a href="${overview.badgeLink}" target="_blank" rel="noopener"><img src="${overview.badgeImageUrl}" alt="Watch ${escapeAttribute(overview.storeName)} live on ${PRODUCT_NAME}" width="260" height="56"></a>`;

function escapeAttribute(text: string) {
  return text.replace(/[&"<>]/g, (c) => ({ '&': '&amp;', '"': '&quot;', '<': '&lt;', '>': '&gt;' })[c] ?? c);
}
