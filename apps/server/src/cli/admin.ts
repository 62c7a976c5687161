import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { adminKycDecision, adminSellerCommand, notificationType } from '@kasuwa/contracts';
import { BackupError, backup, restore } from '@/cli/backup.ts';
import { loadConfig } from '@/config.ts';
import { ADMIN_TOKEN_FILE } from '@/data-dir.ts';

export const USAGE = `Usage: npm run admin -- <command> <email>
       npm run admin -- notify <email> <type> [orderId=<id>] [returnId=<id>] [productId=<id>]
       npm run admin -- comment <blipId> <buyer name> <text…>
       npm run admin -- sweep-uploads
       npm run admin -- time-travel <8d | 12h | 30m>
       npm run admin -- kyc <approve | reject> <email> [reason…]
       npm run admin -- ticket <HLP-number> <open | answered | closed>
       npm run admin -- backup [file.tar.gz]
       npm run admin -- restore <file.tar.gz>

Commands:
  approve   approve the seller to sell (Account Approved; notified and e-mailed)
  disable   disable the account (the seller sees "Account Disabled")
  enable    enable a disabled account again
  block     block the seller (their profile answers 404: "Unauthorized Seller")
  unblock   lift a block
  notify    create a notification of <type> for the seller; an open dashboard shows it at once
            (types: ${notificationType.options.join(', ')})
  comment   add a buyer's comment to a blip (the seller is notified and can reply); quote a
            name with spaces, e.g. comment 0b4c… "Chioma Eze" Is this available in red?
  sweep-uploads
            remove orphaned uploads now: product photos, show covers and videos, blip files
            that no product, show or blip names and that are older than the grace period
            (UPLOAD_SWEEP_GRACE_HOURS); prints what was removed and kept
  ticket    set a support ticket's status; the seller sees it under Help & Support
  time-travel
            end-to-end test servers only (TEST_CLOCK=1): move the server's clock forward by
            days, hours or minutes, and its waiting background jobs as far

  backup    write one archive of the database (DATABASE_URL, else DATA_DIR's embedded one, running
            or not), the uploads folder and DATA_DIR's keys; default name kasuwa-backup-<time>.tar.gz
  restore   load a backup into a fresh DATA_DIR (server stopped) or an empty DATABASE_URL; every
            table's row count and every file's checksum is checked (docs/operations.md "Backups")

  kyc       approve or reject a seller's identity verification (KYC) that waits for review;
            a rejection's reason is what the seller reads, e.g.
            kyc reject ada@example.ng The NIN slip is not readable

It talks to the server running on this machine with the same PORT and DATA_DIR
(or ADMIN_TOKEN when the server was given one).
`;

/** `orderId=o-1 returnId=r-2`: what the test notification is about, so a click can open it. */
function dataArgs(args: string[]): Record<string, string> {
  const data: Record<string, string> = {};
  for (const arg of args) {
    const at = arg.indexOf('=');
    if (at > 0) data[arg.slice(0, at)] = arg.slice(at + 1);
  }
  return data;
}

type Io = { out: (text: string) => void; err: (text: string) => void };

/** Runs one admin command; returns the process exit code. */
export async function runAdmin(argv: string[], env: NodeJS.ProcessEnv, io: Io): Promise<number> {
  const [commandArg, email] = argv;
  if (!commandArg || commandArg === '--help' || commandArg === '-h') {
    io.out(USAGE);
    return commandArg ? 0 : 1;
  }
  if (commandArg === 'backup' || commandArg === 'restore') {
    try {
      const config = loadConfig(env);
      return await (commandArg === 'backup' ? backup : restore)(config, argv[1], io);
    } catch (err) {
      if (!(err instanceof BackupError)) throw err;
      io.err(err.message);
      return 1;
    }
  }
  if (commandArg === 'comment') return runComment(argv.slice(1), env, io);
  if (commandArg === 'sweep-uploads') return post(env, io, '/api/admin/uploads/sweep', {});
  if (commandArg === 'time-travel') return runTimeTravel(argv[1], env, io);
  if (commandArg === 'kyc') return runKyc(argv.slice(1), env, io);
  if (commandArg === 'ticket') {
    if (!email || !argv[2]) {
      io.err(`Give the ticket's reference and its new status, e.g. ticket HLP-100001 answered.\n\n${USAGE}`);
      return 1;
    }
    return post(env, io, `/api/admin/support/tickets/${encodeURIComponent(email)}`, { status: argv[2] });
  }
  const notify = commandArg === 'notify';
  if (!notify && !adminSellerCommand.safeParse(commandArg).success) {
    io.err(`Unknown command "${commandArg}".\n\n${USAGE}`);
    return 1;
  }
  if (!email) {
    io.err(`Missing the seller's e-mail.\n\n${USAGE}`);
    return 1;
  }

  const type = argv[2];
  if (notify && !notificationType.safeParse(type).success) {
    io.err(`${type ? `Unknown notification type "${type}"` : 'Missing the notification type'}.\n\n${USAGE}`);
    return 1;
  }

  return post(
    env,
    io,
    `/api/admin/sellers/${commandArg}`,
    notify ? { email, type, data: dataArgs(argv.slice(3)) } : { email },
  );
}

/** `comment <blipId> <name> <text…>`: the words after the name are the comment. */
async function runComment(args: string[], env: NodeJS.ProcessEnv, io: Io): Promise<number> {
  const [blipId, authorName, ...words] = args;
  const text = words.join(' ').trim();
  if (!blipId || !authorName || !text) {
    io.err(`Give the blip id, the buyer's name and the comment.\n\n${USAGE}`);
    return 1;
  }
  return post(env, io, `/api/admin/blips/${encodeURIComponent(blipId)}/comments`, { authorName, text });
}

/** `kyc <approve|reject> <email> [reason…]`: the words after the e-mail are the reason. */
async function runKyc(args: string[], env: NodeJS.ProcessEnv, io: Io): Promise<number> {
  const [decision, email, ...words] = args;
  if (!adminKycDecision.safeParse(decision).success || !email) {
    io.err(`Give approve or reject and the seller's e-mail.\n\n${USAGE}`);
    return 1;
  }
  const reason = words.join(' ').trim();
  return post(env, io, `/api/admin/kyc/${decision}`, reason ? { email, reason } : { email });
}

const UNIT_DAYS: Record<string, number> = { d: 1, h: 1 / 24, m: 1 / 1440 };

/** `time-travel 8d`: a positive amount and its unit. A server without TEST_CLOCK=1 answers 404. */
async function runTimeTravel(amount: string | undefined, env: NodeJS.ProcessEnv, io: Io): Promise<number> {
  const match = amount?.match(/^(\d+(?:\.\d+)?)([dhm])$/);
  if (!match?.[1] || !match[2] || Number(match[1]) <= 0) {
    io.err(`Give how far to move the clock, e.g. 8d, 12h or 30m.\n\n${USAGE}`);
    return 1;
  }
  const advanceDays = Number(match[1]) * (UNIT_DAYS[match[2]] ?? 1);
  return post(
    env,
    io,
    '/api/admin/test-clock',
    { advanceDays },
    {
      404: 'This server has no test clock: only a server started with TEST_CLOCK=1 (the end-to-end one) can move its time.',
    },
  );
}

/** Sends one admin call to the server of this PORT/DATA_DIR and prints its message. */
async function post(
  env: NodeJS.ProcessEnv,
  io: Io,
  urlPath: string,
  payload: unknown,
  /** What to print instead of the server's message for some statuses. */
  explain: Record<number, string> = {},
): Promise<number> {
  const config = loadConfig(env);
  let token = config.ADMIN_TOKEN;
  if (!token) {
    try {
      token = (await fs.readFile(path.join(config.DATA_DIR, ADMIN_TOKEN_FILE), 'utf8')).trim();
    } catch {
      io.err(`No admin token in ${config.DATA_DIR}. Start the server once (npm start) or set ADMIN_TOKEN.`);
      return 1;
    }
  }
  const url = `http://127.0.0.1:${config.PORT}${urlPath}`;
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(payload),
    });
  } catch {
    io.err(`Cannot reach the server at ${url}. Is it running (npm start) with PORT=${config.PORT}?`);
    return 1;
  }
  const body = (await res.json().catch(() => ({}))) as { message?: string };
  if (!res.ok) {
    io.err(explain[res.status] ?? body.message ?? `The server answered ${res.status}`);
    return 1;
  }
  io.out(body.message ?? 'Done');
  return 0;
}

const isEntry = process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1]);
if (isEntry) {
  const code = await runAdmin(process.argv.slice(2), process.env, {
    out: (t) => process.stdout.write(`${t}\n`),
    err: (t) => process.stderr.write(`${t}\n`),
  });
  process.exit(code);
}
