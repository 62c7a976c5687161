import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '@/config.ts';

describe('configuration', () => {
  it('has defaults that serve the whole app on one machine', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ PORT: 3000, SEED_DEMO: true, PUBLIC_URL: 'http://localhost:3000' });
    expect(c.DATA_DIR).toBe(path.resolve('./data'));
    expect(c.DATABASE_URL).toBeUndefined();
  });

  it('reads flags and URLs', () => {
    const c = loadConfig({
      PORT: '8080',
      SEED_DEMO: '0',
      DATABASE_URL: 'postgres://u:p@db:5432/kasuwa',
      REDIS_URL: 'redis://cache:6379',
      PUBLIC_URL: 'https://seller.kasuwa.ng/',
    });
    expect(c).toMatchObject({ PORT: 8080, SEED_DEMO: false, PUBLIC_URL: 'https://seller.kasuwa.ng' });
  });

  it('treats an empty URL as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', REDIS_URL: ' ' }).DATABASE_URL).toBeUndefined();
  });

  it('lists every invalid value in one message', () => {
    expect(() => loadConfig({ PORT: '-1', SMTP_URL: 'http://mail', JWT_SECRET: 'short' })).toThrow(
      /PORT[\s\S]*SMTP_URL: must start with smtp:\/\/ or smtps:\/\/[\s\S]*JWT_SECRET must be at least 32 characters/,
    );
  });
});

describe('AUTH_RATE_LIMIT_SCALE', () => {
  it('multiplies every per-address auth limit and defaults to 1', async () => {
    const { DEFAULT_AUTH_RATE_LIMITS, scaleAuthRateLimits } = await import('@/modules/auth/auth.routes.ts');
    expect(loadConfig({}).AUTH_RATE_LIMIT_SCALE).toBe(1);
    expect(loadConfig({ AUTH_RATE_LIMIT_SCALE: '25' }).AUTH_RATE_LIMIT_SCALE).toBe(25);
    const scaled = scaleAuthRateLimits(25);
    expect(scaled.register).toEqual({
      ...DEFAULT_AUTH_RATE_LIMITS.register,
      max: DEFAULT_AUTH_RATE_LIMITS.register.max * 25,
    });
    expect(scaled.login.max).toBe(DEFAULT_AUTH_RATE_LIMITS.login.max * 25);
  });
});

describe('S3 storage settings', () => {
  it('keeps uploads on local disk without a bucket', () => {
    expect(loadConfig({}).s3).toBeNull();
  });

  it('switches to S3 with a bucket: AWS by default, path-style for an S3-compatible endpoint', () => {
    expect(loadConfig({ S3_BUCKET: 'kasuwa-uploads' }).s3).toEqual({
      bucket: 'kasuwa-uploads',
      endpoint: undefined,
      region: 'us-east-1',
      accessKeyId: undefined,
      secretAccessKey: undefined,
      forcePathStyle: false,
    });
    expect(
      loadConfig({
        S3_BUCKET: 'kasuwa-uploads',
        S3_ENDPOINT: 'http://minio:9000',
        S3_REGION: 'auto',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
      }).s3,
    ).toEqual({
      bucket: 'kasuwa-uploads',
      endpoint: 'http://minio:9000',
      region: 'auto',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
    expect(
      loadConfig({ S3_BUCKET: 'b-1', S3_ENDPOINT: 'https://s3.example.ng', S3_FORCE_PATH_STYLE: 'false' }).s3
        ?.forcePathStyle,
    ).toBe(false);
  });

  it('refuses a half-done S3 setup instead of quietly using local disk', () => {
    expect(() => loadConfig({ S3_ENDPOINT: 'http://minio:9000' })).toThrow(
      /S3_ENDPOINT: is set, but S3_BUCKET is not/,
    );
    expect(() => loadConfig({ S3_BUCKET: 'b-1', S3_ACCESS_KEY_ID: 'key' })).toThrow(
      /S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both or neither/,
    );
    expect(() => loadConfig({ S3_BUCKET: 'b-1', S3_ENDPOINT: 'ftp://files' })).toThrow(/S3_ENDPOINT/);
  });
});

describe('video provider settings', () => {
  it('uses the local WebRTC provider by default, with ICE servers from JSON', () => {
    expect(loadConfig({}).video).toEqual({ provider: 'local', iceServers: [] });
    const ice =
      '[{"urls":"stun:stun.example.ng:3478"},{"urls":["turn:t.example.ng"],"username":"u","credential":"p"}]';
    expect(loadConfig({ WEBRTC_ICE_SERVERS: ice }).video).toEqual({
      provider: 'local',
      iceServers: [
        { urls: 'stun:stun.example.ng:3478' },
        { urls: ['turn:t.example.ng'], username: 'u', credential: 'p' },
      ],
    });
    expect(() => loadConfig({ WEBRTC_ICE_SERVERS: 'stun:x' })).toThrow(
      /WEBRTC_ICE_SERVERS: must be a JSON array of ICE servers/,
    );
  });

  it('switches to LiveKit or Agora only with every setting they need', () => {
    expect(
      loadConfig({
        VIDEO_PROVIDER: 'livekit',
        LIVEKIT_URL: 'wss://kasuwa.livekit.cloud',
        LIVEKIT_API_KEY: 'key',
        LIVEKIT_API_SECRET: 'secret',
      }).video,
    ).toEqual({ provider: 'livekit', url: 'wss://kasuwa.livekit.cloud', apiKey: 'key', apiSecret: 'secret' });
    expect(() =>
      loadConfig({ VIDEO_PROVIDER: 'livekit', LIVEKIT_URL: 'wss://kasuwa.livekit.cloud' }),
    ).toThrow(/LIVEKIT_API_KEY: is required when VIDEO_PROVIDER=livekit[\s\S]*LIVEKIT_API_SECRET/);
    const appId = '0123456789abcdef0123456789abcdef';
    expect(
      loadConfig({ VIDEO_PROVIDER: 'agora', AGORA_APP_ID: appId, AGORA_APP_CERTIFICATE: appId }).video,
    ).toEqual({ provider: 'agora', appId, appCertificate: appId });
    expect(() => loadConfig({ VIDEO_PROVIDER: 'agora', AGORA_APP_ID: 'nope' })).toThrow(
      /AGORA_APP_ID: must be 32 hexadecimal characters/,
    );
    expect(() => loadConfig({ VIDEO_PROVIDER: 'zoom' })).toThrow(/VIDEO_PROVIDER/);
  });
});

describe('upload sweeper settings', () => {
  it('sweeps hourly and removes orphans older than a week by default', () => {
    expect(loadConfig({}).uploadSweep).toEqual({
      intervalMs: 60 * 60_000,
      graceMs: 7 * 24 * 3_600_000,
      batchSize: 500,
      maxFilesPerRun: 20_000,
    });
  });

  it('reads the interval (0 turns the schedule off), the grace period and the batch sizes', () => {
    const c = loadConfig({
      UPLOAD_SWEEP_INTERVAL_MINUTES: '0',
      UPLOAD_SWEEP_GRACE_HOURS: '24',
      UPLOAD_SWEEP_BATCH_SIZE: '100',
      UPLOAD_SWEEP_MAX_FILES_PER_RUN: '5000',
    });
    expect(c.uploadSweep).toEqual({
      intervalMs: 0,
      graceMs: 24 * 3_600_000,
      batchSize: 100,
      maxFilesPerRun: 5000,
    });
  });

  it('refuses a grace period under an hour and a batch larger than one storage listing', () => {
    expect(() => loadConfig({ UPLOAD_SWEEP_GRACE_HOURS: '0.5', UPLOAD_SWEEP_BATCH_SIZE: '5000' })).toThrow(
      /UPLOAD_SWEEP_GRACE_HOURS must be at least 1[\s\S]*UPLOAD_SWEEP_BATCH_SIZE/,
    );
  });
});

describe('the products lists answer cache setting', () => {
  it('keeps 16 MB by default, reads PRODUCT_LIST_CACHE_MB (0 turns it off), refuses a negative size', () => {
    expect(loadConfig({}).productListCache).toEqual({ maxBytes: 16 * 1024 * 1024 });
    expect(loadConfig({ PRODUCT_LIST_CACHE_MB: '0' }).productListCache).toEqual({ maxBytes: 0 });
    expect(loadConfig({ PRODUCT_LIST_CACHE_MB: '2.5' }).productListCache).toEqual({
      maxBytes: Math.round(2.5 * 1024 * 1024),
    });
    expect(() => loadConfig({ PRODUCT_LIST_CACHE_MB: '-1' })).toThrow(/PRODUCT_LIST_CACHE_MB/);
  });
});

describe('the database supervision settings', () => {
  it('runs jobs inside the server, two at a time, by default; JOBS_WORKER=off leaves them to npm run worker', () => {
    expect(loadConfig({})).toMatchObject({ JOBS_WORKER: 'inline', JOBS_CONCURRENCY: 2 });
    expect(loadConfig({ JOBS_WORKER: 'off', JOBS_CONCURRENCY: '8' })).toMatchObject({
      JOBS_WORKER: 'off',
      JOBS_CONCURRENCY: 8,
    });
    expect(() => loadConfig({ JOBS_WORKER: 'separate', JOBS_CONCURRENCY: '0' })).toThrow(
      /JOBS_WORKER[\s\S]*JOBS_CONCURRENCY/,
    );
  });

  it('bounds a frozen database to about 1.25 s and restarts the embedded one 8 times by default', () => {
    expect(loadConfig({})).toMatchObject({
      EMBEDDED_PG_RESTART_TRIES: 8,
      EMBEDDED_PG_RESTART_BACKOFF_MS: 1000,
      DB_PROBE_INTERVAL_MS: 250,
      DB_PROBE_TIMEOUT_MS: 1000,
      DB_STATEMENT_TIMEOUT_MS: 30_000,
      DISK_FREE_WARN_MB: 512,
    });
    expect(loadConfig({ EMBEDDED_PG_RESTART_TRIES: '2', DB_STATEMENT_TIMEOUT_MS: '0' })).toMatchObject({
      EMBEDDED_PG_RESTART_TRIES: 2,
      DB_STATEMENT_TIMEOUT_MS: 0,
    });
    expect(() => loadConfig({ EMBEDDED_PG_RESTART_TRIES: '0', DB_PROBE_TIMEOUT_MS: '5' })).toThrow(
      /EMBEDDED_PG_RESTART_TRIES[\s\S]*DB_PROBE_TIMEOUT_MS/,
    );
  });

  it('ships by hand unless Terminal Africa is chosen with its secret key', () => {
    expect(loadConfig({}).shipping).toEqual({ provider: 'manual' });
    expect(
      loadConfig({
        SHIPPING_PROVIDER: 'terminal',
        TERMINAL_AFRICA_SECRET_KEY: 'sk_test_abc',
        TERMINAL_AFRICA_BASE_URL: 'https://sandbox.terminal.africa/v1',
      }).shipping,
    ).toEqual({
      provider: 'terminal',
      secretKey: 'sk_test_abc',
      baseUrl: 'https://sandbox.terminal.africa/v1',
    });
    expect(() => loadConfig({ SHIPPING_PROVIDER: 'terminal' })).toThrow(
      /TERMINAL_AFRICA_SECRET_KEY: is required when SHIPPING_PROVIDER=terminal/,
    );
  });
});
