// size: every setting of the server in one schema, with the checks across settings and the shapes the app takes
import path from 'node:path';
import { iceServerSchema } from '@kasuwa/contracts';
import { z } from 'zod';
import type { KycProviderConfig } from '@/modules/kyc/kyc-provider.ts';
import type { PaymentsConfig } from '@/modules/payments/payment-provider.ts';
import type { PayoutsConfig } from '@/modules/payouts/payouts.module.ts';
import type { ShippingConfig } from '@/modules/shipping/shipping.module.ts';
import type { WriteRateLimits } from '@/plugins/rate-limit.ts';
import type { VideoConfig } from '@/video/video-provider.ts';

const booleanFlag = z
  .enum(['0', '1', 'true', 'false', 'yes', 'no'])
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .trim()
    .transform((v) => (v === '' ? undefined : v))
    .pipe(
      z
        .string()
        .url()
        .refine((v) => protocols.some((p) => v.startsWith(`${p}:`)), {
          message: `must start with ${protocols.map((p) => `${p}://`).join(' or ')}`,
        })
        .optional(),
    )
    .optional();

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

/** The whole environment the server reads, parsed once in server.ts. Nothing else touches process.env. */
export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalUrl(['postgres', 'postgresql']),
  REDIS_URL: optionalUrl(['redis', 'rediss']),
  SMTP_URL: optionalUrl(['smtp', 'smtps']),
  MAIL_FROM: z.string().default('Kasuwa Seller <no-reply@kasuwa.ng>'),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  ADMIN_TOKEN: z.string().min(24, 'ADMIN_TOKEN must be at least 24 characters').optional(),
  SEED_DEMO: booleanFlag.default(true),
  PUBLIC_URL: optionalUrl(['http', 'https']),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Also write the log, at `info` and above whatever LOG_LEVEL says, to this file (the e2e run scans it for secrets). */
  LOG_FILE: z.string().min(1).optional(),
  TRUST_PROXY: booleanFlag.default(false),
  WEB_DIST: z.string().optional(),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1000).default(10_000),
  /** issue 20: how long a live show waits for its seller's dropped studio before it ends with what sold. */
  SELLER_AWAY_GRACE_SECONDS: z.coerce.number().int().min(10).max(3600).default(120),
  /**
   * Multiplies the per-address limits of the auth routes. Only for test rigs where every browser
   * shares one address (the e2e suite); production keeps 1.
   */
  AUTH_RATE_LIMIT_SCALE: z.coerce.number().int().min(1).max(1000).default(1),
  /**
   * End-to-end journeys only (scripts/e2e-server.mjs started by e2e/support/clock-server.ts): the
   * server's clock can be moved forward by `npm run admin -- time-travel 8d`. Refused with
   * DATABASE_URL: a jump reschedules every waiting job of the database, so only the embedded one of
   * a throw-away DATA_DIR may have it.
   */
  TEST_CLOCK: booleanFlag.default(false),
  /**
   * Writes (POST, PUT, PATCH, DELETE) a seller, a buyer or a signed-out address may make to one
   * route per minute, for routes without a limit of their own (plugins/rate-limit.ts); uploads that
   * re-encode images or probe videos get the upload limit.
   */
  WRITE_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(1200),
  UPLOAD_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(60),
  /** Setting a bucket moves uploads from DATA_DIR/uploads to S3 (or an S3-compatible service). */
  S3_BUCKET: optionalText,
  /** For S3-compatible services: MinIO, Cloudflare R2, Backblaze B2, DigitalOcean Spaces... */
  S3_ENDPOINT: optionalUrl(['http', 'https']),
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  /** Defaults to true when S3_ENDPOINT is set (most self-hosted services need path-style URLs). */
  S3_FORCE_PATH_STYLE: booleanFlag.optional(),
  /**
   * The sweeper of orphaned uploads (product photos, show media, blip files that no row names):
   * how often the owning node sweeps (0: never on a schedule; `npm run admin -- sweep-uploads`
   * still does), how old a file must be before it may go, and how much one run does.
   */
  UPLOAD_SWEEP_INTERVAL_MINUTES: z.coerce
    .number()
    .int()
    .min(0)
    .max(7 * 24 * 60)
    .default(60),
  UPLOAD_SWEEP_GRACE_HOURS: z.coerce
    .number()
    .min(1, 'UPLOAD_SWEEP_GRACE_HOURS must be at least 1: a photo may belong to a form still being filled in')
    .default(7 * 24),
  UPLOAD_SWEEP_BATCH_SIZE: z.coerce.number().int().min(1).max(1000).default(500),
  UPLOAD_SWEEP_MAX_FILES_PER_RUN: z.coerce.number().int().min(1).default(20_000),
  /**
   * Resumable (tus) uploads (issue 20): where the bytes received so far wait (default
   * DATA_DIR/resumable-uploads; several nodes need one folder they all reach) and how long an
   * upload may stay unfinished before it is removed.
   */
  RESUMABLE_UPLOADS_DIR: z.string().optional(),
  RESUMABLE_UPLOAD_HOURS: z.coerce
    .number()
    .min(1)
    .max(24 * 30)
    .default(24),
  /**
   * The embedded PostgreSQL's supervisor: when the child exits on its own it is started again,
   * waiting EMBEDDED_PG_RESTART_BACKOFF_MS, then twice that, up to 30 s, between tries; after
   * EMBEDDED_PG_RESTART_TRIES failed tries in a row the server exits with code 1 and says why.
   */
  EMBEDDED_PG_RESTART_TRIES: z.coerce.number().int().min(1).max(100).default(8),
  EMBEDDED_PG_RESTART_BACKOFF_MS: z.coerce.number().int().min(10).max(30_000).default(1000),
  /**
   * The database watchdog: a `SELECT 1` every DB_PROBE_INTERVAL_MS on a connection of its own; no
   * answer within DB_PROBE_TIMEOUT_MS (a frozen or stopped server) and every request answers 503 at
   * once, with the open connections cut, until it answers again. Their sum bounds how long a
   * request can hang on a frozen database.
   */
  DB_PROBE_INTERVAL_MS: z.coerce.number().int().min(50).max(60_000).default(250),
  DB_PROBE_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(1000),
  /**
   * PostgreSQL's statement_timeout on the connections that serve requests (0: none). Migrations
   * and seeding run on connections without it.
   */
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(30_000),
  /**
   * Who runs background jobs (graphile-worker, src/jobs/): `inline` a worker inside this server
   * process, `off` none here, for nodes that only serve requests while `npm run worker` processes
   * run the jobs. JOBS_CONCURRENCY is how many jobs one process runs at once.
   */
  JOBS_WORKER: z.enum(['inline', 'off']).default('inline'),
  JOBS_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(2),
  /** Below this many megabytes free on DATA_DIR's disk the server warns in its log and on /api/health. */
  DISK_FREE_WARN_MB: z.coerce.number().min(0).default(512),
  /** Megabytes of products lists' answers each node keeps (product-list-cache.ts); 0 turns it off. */
  PRODUCT_LIST_CACHE_MB: z.coerce.number().min(0).max(1024).default(16),
  /** Who carries live-show video: local WebRTC peer to peer (no outside service), LiveKit or Agora. */
  VIDEO_PROVIDER: z.enum(['local', 'livekit', 'agora']).default('local'),
  /** The LiveKit server browsers connect to, e.g. wss://kasuwa.livekit.cloud. */
  LIVEKIT_URL: optionalUrl(['ws', 'wss', 'http', 'https']),
  LIVEKIT_API_KEY: optionalText,
  LIVEKIT_API_SECRET: optionalText,
  /** Agora's App ID and App Certificate (32 hexadecimal characters each). */
  AGORA_APP_ID: optionalText.pipe(
    z
      .string()
      .regex(/^[0-9a-f]{32}$/i, 'must be 32 hexadecimal characters')
      .optional(),
  ),
  AGORA_APP_CERTIFICATE: optionalText.pipe(
    z
      .string()
      .regex(/^[0-9a-f]{32}$/i, 'must be 32 hexadecimal characters')
      .optional(),
  ),
  /**
   * STUN/TURN servers for the local provider, as JSON, e.g.
   * [{"urls":"stun:stun.l.google.com:19302"},{"urls":"turn:turn.example.ng:3478","username":"u","credential":"p"}].
   * None are needed when the seller and the viewers share a machine or a network.
   */
  WEBRTC_ICE_SERVERS: optionalText.pipe(
    z
      .string()
      .transform((v, ctx) => {
        try {
          return JSON.parse(v) as unknown;
        } catch {
          ctx.addIssue({ code: 'custom', message: 'must be a JSON array of ICE servers' });
          return z.NEVER;
        }
      })
      .pipe(z.array(iceServerSchema, { error: 'must be a JSON array of ICE servers' }))
      .optional(),
  ),
  /** Booking orders with a carrier: manual (the seller types carrier and tracking) or Terminal Africa. */
  SHIPPING_PROVIDER: z.enum(['manual', 'terminal']).default('manual'),
  TERMINAL_AFRICA_SECRET_KEY: optionalText,
  /** Terminal Africa's API; its sandbox is https://sandbox.terminal.africa/v1. */
  TERMINAL_AFRICA_BASE_URL: z.string().url().default('https://api.terminal.africa/v1'),
  /** Who takes buyers' money: the local test checkout (no outside service) or Paystack. */
  PAYMENT_PROVIDER: z.enum(['local', 'paystack']).default('local'),
  /** Paystack's secret key (sk_test_… or sk_live_…): it authenticates calls and signs webhooks. */
  PAYSTACK_SECRET_KEY: optionalText,
  /** Paystack's API; changed only for a stand-in or a proxy. */
  PAYSTACK_BASE_URL: optionalUrl(['http', 'https']),
  /** Who sends sellers' payouts: local (nothing leaves the server) or Paystack transfers. */
  PAYOUT_PROVIDER: z.enum(['local', 'paystack']).default('local'),
  /** Who answers the bank list and the account-name check: local (NUBAN check digit) or Paystack. */
  BANK_PROVIDER: z.enum(['local', 'paystack']).default('local'),
  /** The local payout provider: seconds after sending until a payout is paid (or fails, account numbers ending in 0000). */
  LOCAL_PAYOUT_DELAY_SECONDS: z.coerce.number().int().min(0).max(86_400).default(10),
  /** The platform's commission on each order total (delivery included), in basis points: 500 = 5 % (docs/money.md). */
  PLATFORM_COMMISSION_BPS: z.coerce.number().int().min(0).max(5000).default(500),
  /** issue 17: who checks BVN, NIN and CAC numbers: local (the rule set of docs/kyc.md) or Dojah. */
  KYC_PROVIDER: z.enum(['local', 'dojah']).default('local'),
  DOJAH_APP_ID: optionalText,
  DOJAH_SECRET_KEY: optionalText,
  /** Dojah's API; its sandbox is https://sandbox.dojah.io. */
  DOJAH_BASE_URL: z.string().url().default('https://api.dojah.io'),
  /**
   * The AES-256-GCM key identity numbers are stored under: 32 random bytes in base64. Without it the
   * server makes one in DATA_DIR/kyc-key on first start; several nodes must all be given the same.
   */
  KYC_ENCRYPTION_KEY: optionalText.pipe(
    z
      .string()
      .refine(
        (v) => Buffer.from(v, 'base64url').length === 32,
        'must be 32 bytes in base64 (openssl rand -base64 32)',
      )
      .optional(),
  ),
});

/** Paystack's documented API host (docs/payments.md). */
export const DEFAULT_PAYSTACK_BASE_URL = 'https://api.paystack.co';

/** Where uploads go: S3 when a bucket is configured, else local disk under DATA_DIR. */
export type S3Config = {
  bucket: string;
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
};

export type Config = z.infer<typeof configSchema> & {
  DATA_DIR: string;
  PUBLIC_URL: string;
  uploadSweep: { intervalMs: number; graceMs: number; batchSize: number; maxFilesPerRun: number };
  resumableUploads: { directory: string; ttlMs: number };
  productListCache: { maxBytes: number };
  writeRateLimits: WriteRateLimits;
  /** Null: local disk. */
  s3: S3Config | null;
  video: VideoConfig;
  shipping: ShippingConfig;
  payments: PaymentsConfig;
  payouts: PayoutsConfig;
  kycProvider: KycProviderConfig;
};

/** S3 settings that make no sense alone: a half-done S3 setup must not fall back to local disk quietly. */
function s3Problems(c: z.infer<typeof configSchema>): string[] {
  const problems: string[] = [];
  if (!c.S3_BUCKET) {
    for (const name of [
      'S3_ENDPOINT',
      'S3_ACCESS_KEY_ID',
      'S3_SECRET_ACCESS_KEY',
      'S3_FORCE_PATH_STYLE',
    ] as const) {
      if (c[name] !== undefined)
        problems.push(`  ${name}: is set, but S3_BUCKET is not (set S3_BUCKET to use S3)`);
    }
  }
  if (Boolean(c.S3_ACCESS_KEY_ID) !== Boolean(c.S3_SECRET_ACCESS_KEY)) {
    problems.push('  S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both or neither');
  }
  return problems;
}

/** The chosen video provider's settings must all be there: a half-configured one would fail mid-show. */
function videoProblems(c: z.infer<typeof configSchema>): string[] {
  const missing = (names: Array<keyof typeof c>) =>
    names
      .filter((name) => !c[name])
      .map((name) => `  ${name}: is required when VIDEO_PROVIDER=${c.VIDEO_PROVIDER}`);
  if (c.VIDEO_PROVIDER === 'livekit')
    return missing(['LIVEKIT_URL', 'LIVEKIT_API_KEY', 'LIVEKIT_API_SECRET']);
  if (c.VIDEO_PROVIDER === 'agora') return missing(['AGORA_APP_ID', 'AGORA_APP_CERTIFICATE']);
  return [];
}

function videoConfig(c: z.infer<typeof configSchema>): VideoConfig {
  if (c.VIDEO_PROVIDER === 'livekit') {
    return {
      provider: 'livekit',
      url: c.LIVEKIT_URL ?? '',
      apiKey: c.LIVEKIT_API_KEY ?? '',
      apiSecret: c.LIVEKIT_API_SECRET ?? '',
      // issue 21: the egress writes replays into the uploads bucket, where the API reads them.
      ...(c.S3_BUCKET
        ? {
            egressUpload: {
              bucket: c.S3_BUCKET,
              region: c.S3_REGION,
              endpoint: c.S3_ENDPOINT,
              accessKeyId: c.S3_ACCESS_KEY_ID,
              secretAccessKey: c.S3_SECRET_ACCESS_KEY,
              forcePathStyle: c.S3_FORCE_PATH_STYLE ?? Boolean(c.S3_ENDPOINT),
            },
          }
        : {}),
    };
  }
  if (c.VIDEO_PROVIDER === 'agora') {
    return { provider: 'agora', appId: c.AGORA_APP_ID ?? '', appCertificate: c.AGORA_APP_CERTIFICATE ?? '' };
  }
  return { provider: 'local', iceServers: c.WEBRTC_ICE_SERVERS ?? [] };
}

/** Paystack without its secret key would fail at the first checkout; the public key is a common slip. */
function paymentProblems(c: z.infer<typeof configSchema>): string[] {
  const users = (['PAYMENT_PROVIDER', 'PAYOUT_PROVIDER', 'BANK_PROVIDER'] as const).filter(
    (n) => c[n] === 'paystack',
  );
  if (users.length === 0) return [];
  if (!c.PAYSTACK_SECRET_KEY)
    return [`  PAYSTACK_SECRET_KEY: is required when ${users.map((n) => `${n}=paystack`).join(', ')}`];
  if (c.PAYSTACK_SECRET_KEY.startsWith('pk_'))
    return ['  PAYSTACK_SECRET_KEY: is a public key (pk_…); use the secret key (sk_test_… or sk_live_…)'];
  return [];
}

function paymentsConfig(c: z.infer<typeof configSchema>): PaymentsConfig {
  if (c.PAYMENT_PROVIDER === 'paystack') {
    return {
      provider: 'paystack',
      secretKey: c.PAYSTACK_SECRET_KEY ?? '',
      baseUrl: c.PAYSTACK_BASE_URL ?? DEFAULT_PAYSTACK_BASE_URL,
    };
  }
  return { provider: 'local' };
}

function payoutsConfig(c: z.infer<typeof configSchema>): PayoutsConfig {
  const paystack = {
    provider: 'paystack' as const,
    secretKey: c.PAYSTACK_SECRET_KEY ?? '',
    baseUrl: c.PAYSTACK_BASE_URL ?? DEFAULT_PAYSTACK_BASE_URL,
  };
  return {
    payout:
      c.PAYOUT_PROVIDER === 'paystack'
        ? paystack
        : { provider: 'local', delayMs: c.LOCAL_PAYOUT_DELAY_SECONDS * 1000 },
    bank: c.BANK_PROVIDER === 'paystack' ? paystack : { provider: 'local' },
  };
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  const problems = [...s3Problems(c), ...videoProblems(c), ...paymentProblems(c)];
  if (c.TEST_CLOCK && c.DATABASE_URL) {
    problems.push(
      '  TEST_CLOCK: is for end-to-end tests on the embedded database only; unset it, or unset DATABASE_URL',
    );
  }
  if (c.KYC_PROVIDER === 'dojah' && (!c.DOJAH_APP_ID || !c.DOJAH_SECRET_KEY)) {
    problems.push('  DOJAH_APP_ID, DOJAH_SECRET_KEY: are required when KYC_PROVIDER=dojah');
  }
  if (c.SHIPPING_PROVIDER === 'terminal' && !c.TERMINAL_AFRICA_SECRET_KEY) {
    problems.push('  TERMINAL_AFRICA_SECRET_KEY: is required when SHIPPING_PROVIDER=terminal');
  }
  if (problems.length) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  return {
    ...c,
    DATA_DIR: path.resolve(c.DATA_DIR),
    PUBLIC_URL: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ''),
    s3: c.S3_BUCKET
      ? {
          bucket: c.S3_BUCKET,
          endpoint: c.S3_ENDPOINT,
          region: c.S3_REGION,
          accessKeyId: c.S3_ACCESS_KEY_ID,
          secretAccessKey: c.S3_SECRET_ACCESS_KEY,
          forcePathStyle: c.S3_FORCE_PATH_STYLE ?? c.S3_ENDPOINT !== undefined,
        }
      : null,
    video: videoConfig(c),
    shipping:
      c.SHIPPING_PROVIDER === 'terminal'
        ? {
            provider: 'terminal',
            baseUrl: c.TERMINAL_AFRICA_BASE_URL,
            secretKey: c.TERMINAL_AFRICA_SECRET_KEY ?? '',
          }
        : { provider: 'manual' },
    payments: paymentsConfig(c),
    payouts: payoutsConfig(c),
    kycProvider:
      c.KYC_PROVIDER === 'dojah'
        ? {
            provider: 'dojah',
            appId: c.DOJAH_APP_ID ?? '',
            secretKey: c.DOJAH_SECRET_KEY ?? '',
            baseUrl: c.DOJAH_BASE_URL,
          }
        : { provider: 'local' },
    uploadSweep: {
      intervalMs: c.UPLOAD_SWEEP_INTERVAL_MINUTES * 60_000,
      graceMs: Math.round(c.UPLOAD_SWEEP_GRACE_HOURS * 3_600_000),
      batchSize: c.UPLOAD_SWEEP_BATCH_SIZE,
      maxFilesPerRun: c.UPLOAD_SWEEP_MAX_FILES_PER_RUN,
    },
    resumableUploads: {
      directory: c.RESUMABLE_UPLOADS_DIR ?? path.join(c.DATA_DIR, 'resumable-uploads'),
      ttlMs: Math.round(c.RESUMABLE_UPLOAD_HOURS * 3_600_000),
    },
    productListCache: { maxBytes: Math.round(c.PRODUCT_LIST_CACHE_MB * 1024 * 1024) },
    writeRateLimits: {
      write: { max: c.WRITE_RATE_LIMIT_PER_MINUTE, timeWindow: 60_000 },
      upload: { max: c.UPLOAD_RATE_LIMIT_PER_MINUTE, timeWindow: 60_000 },
    },
  };
}
