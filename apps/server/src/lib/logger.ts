import pino, { type Level, type Logger } from 'pino';

/** What a log line must never carry; pino replaces each with "[Redacted]". */
export const LOG_REDACTIONS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-admin-token"]',
  'res.headers["set-cookie"]',
  'password',
  '*.password',
  'newPassword',
  '*.newPassword',
  'token',
  '*.token',
  'accessToken',
  '*.accessToken',
  // issue 17: identity numbers (KYC) never reach the log, wherever they sit.
  'bvn',
  '*.bvn',
  'nin',
  '*.nin',
  'directorBvn',
  '*.directorBvn',
  'cacNumber',
  '*.cacNumber',
];

const LEVELS: Level[] = ['trace', 'debug', 'info', 'warn', 'error', 'fatal'];
const lower = (a: Level, b: Level): Level => (LEVELS.indexOf(a) <= LEVELS.indexOf(b) ? a : b);

/**
 * The server's pino logger: JSON lines on stdout at LOG_LEVEL and, with LOG_FILE, every line at
 * `info` and above in that file too (the e2e run reads it back to prove no secret is logged).
 */
export function createLogger(config: { LOG_LEVEL: Level | 'silent'; LOG_FILE?: string }): Logger {
  const options = { redact: LOG_REDACTIONS };
  if (!config.LOG_FILE) return pino({ ...options, level: config.LOG_LEVEL });
  const streams: pino.StreamEntry[] = [
    { level: 'info', stream: pino.destination({ dest: config.LOG_FILE, mkdir: true, sync: false }) },
  ];
  if (config.LOG_LEVEL !== 'silent') streams.push({ level: config.LOG_LEVEL, stream: pino.destination(1) });
  const level = config.LOG_LEVEL === 'silent' ? 'info' : lower(config.LOG_LEVEL, 'info');
  return pino({ ...options, level }, pino.multistream(streams));
}
