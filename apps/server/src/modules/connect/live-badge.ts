import { PRODUCT_NAME } from '@kasuwa/contracts';

/**
 * The "Live now" badge a seller puts on their own website (issue 17): an SVG drawn per request,
 * with no script in it (an <img> never runs one anyway) and only public facts: the store's name and
 * whether a show is live or when the next one starts.
 */
export type BadgeState =
  | { kind: 'live'; storeName: string }
  | { kind: 'next'; storeName: string; at: Date }
  | { kind: 'none'; storeName: string };

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c,
  );

const LAGOS = new Intl.DateTimeFormat('en-NG', {
  timeZone: 'Africa/Lagos',
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
});

const cut = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);

/** The badge's two lines, in words: also its accessible name (the SVG's <title>). */
export function badgeLines(state: BadgeState): { headline: string; detail: string } {
  const store = cut(state.storeName, 28);
  if (state.kind === 'live') return { headline: 'LIVE NOW', detail: `${store} on ${PRODUCT_NAME}` };
  if (state.kind === 'next')
    return { headline: `Next live: ${LAGOS.format(state.at)}`, detail: `${store} on ${PRODUCT_NAME}` };
  return { headline: `Shop ${store}`, detail: `Live shows on ${PRODUCT_NAME}` };
}

export function badgeSvg(state: BadgeState): string {
  const { headline, detail } = badgeLines(state);
  const live = state.kind === 'live';
  const background = live ? '#B91C1C' : '#14532D';
  const width = 260;
  const height = 56;
  const dot = live
    ? '<circle cx="24" cy="28" r="7" fill="#FFFFFF"/><circle cx="24" cy="28" r="3.5" fill="#B91C1C"/>'
    : '<path d="M19 20 L33 28 L19 36 Z" fill="#FFFFFF"/>';
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeXml(`${headline}. ${detail}`)}">`,
    `<title>${escapeXml(`${headline}. ${detail}`)}</title>`,
    `<rect width="${width}" height="${height}" rx="12" fill="${background}"/>`,
    dot,
    `<text x="44" y="25" font-family="Arial, Helvetica, sans-serif" font-size="15" font-weight="700" fill="#FFFFFF">${escapeXml(headline)}</text>`,
    `<text x="44" y="43" font-family="Arial, Helvetica, sans-serif" font-size="12" fill="#F0FDF4">${escapeXml(detail)}</text>`,
    '</svg>',
  ].join('');
}
