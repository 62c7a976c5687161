import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';

export type RenderSvg = (svg: string, quality: number) => Promise<Buffer>;

// The child: one JSON request per line in, one JSON answer per line out.
const CHILD = `
const { createInterface } = await import('node:readline');
const sharp = (await import(process.env.SHARP_URL)).default;
for await (const line of createInterface({ input: process.stdin })) {
  const { id, svg, quality } = JSON.parse(line);
  try {
    const data = await sharp(Buffer.from(svg)).webp({ quality }).toBuffer();
    process.stdout.write(JSON.stringify({ id, data: data.toString('base64') }) + '\\n');
  } catch (err) {
    process.stdout.write(JSON.stringify({ id, error: String(err) }) + '\\n');
  }
}
`;

/**
 * Draws the seed pictures (SVG → WebP) in a short-lived child process. libvips keeps the memory it
 * used in glibc's arenas for the life of the process: drawing the catalogue and the demo photos in
 * the server itself left it idling at ~260 MB instead of ~150 MB. The child starts on the first
 * picture and exits when `work` is done.
 */
export async function withSvgRenderer<T>(work: (render: RenderSvg) => Promise<T>): Promise<T> {
  let child: ChildProcess | null = null;
  let nextId = 0;
  const pending = new Map<number, { resolve: (b: Buffer) => void; reject: (e: Error) => void }>();
  const fail = (error: Error) => {
    for (const p of pending.values()) p.reject(error);
    pending.clear();
  };
  const start = () => {
    const sharpUrl = pathToFileURL(createRequire(import.meta.url).resolve('sharp')).href;
    const proc = spawn(process.execPath, ['--input-type=module', '-e', CHILD], {
      env: { ...process.env, SHARP_URL: sharpUrl },
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    createInterface({ input: proc.stdout as NonNullable<typeof proc.stdout> }).on('line', (line) => {
      const answer = JSON.parse(line) as { id: number; data?: string; error?: string };
      const waiter = pending.get(answer.id);
      pending.delete(answer.id);
      if (answer.data !== undefined) waiter?.resolve(Buffer.from(answer.data, 'base64'));
      else waiter?.reject(new Error(`drawing a picture failed: ${answer.error}`));
    });
    proc.on('error', fail);
    proc.on('exit', (code) => fail(new Error(`the picture renderer stopped (exit code ${code})`)));
    return proc;
  };
  const render: RenderSvg = (svg, quality) =>
    new Promise((resolve, reject) => {
      child ??= start();
      const id = nextId++;
      pending.set(id, { resolve, reject });
      child.stdin?.write(`${JSON.stringify({ id, svg, quality })}\n`);
    });
  try {
    return await work(render);
  } finally {
    const proc = child as ChildProcess | null;
    if (proc && proc.exitCode === null) {
      const exited = new Promise((r) => proc.once('exit', r));
      proc.stdin?.end();
      await exited;
    }
  }
}
