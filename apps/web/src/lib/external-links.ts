/**
 * Addresses outside the app, configurable per deployment through VITE_ variables at build time.
 * The defaults are the marketplace's public pages.
 */
const env = (value: string | undefined, fallback: string) =>
  value && value.trim() !== '' ? value : fallback;

export const externalLinks = {
  /** The help centre (Help & Support in the sidebar on desktop). */
  helpCentre: env(import.meta.env.VITE_HELP_CENTRE_URL, 'https://help.kasuwa.ng'),
  /** The learning area: the marketplace's video channel for sellers. */
  learningArea: env(import.meta.env.VITE_LEARNING_AREA_URL, 'https://www.youtube.com/@kasuwa'),
  appStore: env(import.meta.env.VITE_APP_STORE_URL, 'https://apps.apple.com/app/kasuwa'),
  playStore: env(
    import.meta.env.VITE_PLAY_STORE_URL,
    'https://play.google.com/store/apps/details?id=ng.kasuwa',
  ),
} as const;
