/// <reference types="vite/client" />

/** Build-time settings of the SPA; each is optional (docs/architecture.md, "Dashboard shell"). */
interface ImportMetaEnv {
  readonly VITE_POSTHOG_KEY?: string;
  readonly VITE_POSTHOG_HOST?: string;
  readonly VITE_SENTRY_DSN?: string;
  readonly VITE_CHAT_WIDGET_ID?: string;
  readonly VITE_HELP_CENTRE_URL?: string;
  readonly VITE_LEARNING_AREA_URL?: string;
  readonly VITE_APP_STORE_URL?: string;
  readonly VITE_PLAY_STORE_URL?: string;
  /** Agora's public app id, for shows on the Agora video provider (features/live-room/video/agora.ts). */
  readonly VITE_AGORA_APP_ID?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
