import fs from 'node:fs/promises';
import path from 'node:path';
import { adminSellerCommand } from '@kasuwa/contracts';
import { loadConfig } from '@/config.ts';
import { ADMIN_TOKEN_FILE } from '@/data-dir.ts';

const USAGE = `Usage: npm run admin -- <command> <email>

Commands:
  approve   approve the seller to sell (Account Approved)
  disable   disable the account (the seller sees "Account Disabled")
  enable    enable a disabled account again
  block     block the seller (their profile answers 404: "Unauthorized Seller")
  unblock   lift a block

It talks to the server running on this machine with the same PORT and DATA_DIR.
`;

const out = (text: string) => process.stdout.write(`${text}\n`);
const fail = (text: string): never => {
  process.stderr.write(`${text}\n`);
  process.exit(1);
};

async function run(argv: string[]) {
  const [commandArg, email] = argv;
  if (!commandArg || commandArg === '--help' || commandArg === '-h') {
    out(USAGE);
    return;
  }
  const command = adminSellerCommand.safeParse(commandArg);
  if (!command.success) fail(`Unknown command "${commandArg}".\n\n${USAGE}`);
  if (!email) fail(`Missing the seller's e-mail.\n\n${USAGE}`);

  const config = loadConfig(process.env);
  let token = config.ADMIN_TOKEN;
  if (!token) {
    try {
      token = (await fs.readFile(path.join(config.DATA_DIR, ADMIN_TOKEN_FILE), 'utf8')).trim();
    } catch {
      fail(`No admin token in ${config.DATA_DIR}. Start the server once (npm start) or set ADMIN_TOKEN.`);
    }
  }
  const url = `http://127.0.0.1:${config.PORT}/api/admin/sellers/${commandArg}`;
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ email }),
    });
  } catch {
    return fail(`Cannot reach the server at ${url}. Is it running (npm start) with PORT=${config.PORT}?`);
  }
  const body = (await res.json().catch(() => ({}))) as { message?: string };
  if (!res.ok) fail(body.message ?? `The server answered ${res.status}`);
  out(body.message ?? 'Done');
}

await run(process.argv.slice(2));
