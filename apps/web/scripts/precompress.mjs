// Writes .br and .gz siblings next to each text asset in dist, so the server can send them
// as-is (preCompressed) instead of compressing on every request.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { extname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const dist = fileURLToPath(new URL('../dist', import.meta.url));
const extensions = new Set(['.js', '.css', '.html', '.svg', '.json']);
// Below ~1 KB the saving does not pay for the extra file and the Content-Encoding header.
const minBytes = 1024;

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

async function* walk(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    // dist/.vite holds the build manifest, which is for tooling and never served.
    if (entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (entry.isFile() && extensions.has(extname(entry.name))) yield path;
  }
}

async function compress(path) {
  const { size } = await stat(path);
  if (size < minBytes) return null;
  const source = await readFile(path);
  const [br, gzipped] = await Promise.all([
    brotli(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: size,
      },
    }),
    gz(source, { level: 9 }),
  ]);
  await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gzipped)]);
  return { path, size, br: br.length, gz: gzipped.length };
}

const files = [];
for await (const path of walk(dist)) files.push(path);
const results = (await Promise.all(files.map(compress))).filter((result) => result !== null);

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
for (const { path, size, br, gz: gzSize } of results) {
  process.stdout.write(`${relative(dist, path)}  ${kb(size)}  gzip ${kb(gzSize)}  brotli ${kb(br)}\n`);
}
process.stdout.write(
  `precompressed ${results.length} of ${files.length} files in ${relative(process.cwd(), dist) || '.'}\n`,
);
