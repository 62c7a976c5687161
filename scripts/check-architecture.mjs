// The import rules of docs/architecture.md ("Layout and import rules"), checked by a machine, and
// the size report. `node scripts/check-architecture.mjs` (part of `npm run lint`) prints each
// breach as file:line and exits 1 if there is one; files over 400 lines are listed as a warning
// only. The imports are read with TypeScript's own parser, so comments, strings and formatting
// cannot hide or invent one.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** Folders under apps/web/src/features that are shared domain layers: any feature may import them. */
export const SHARED_FEATURES = new Set(['live-room']);
export const SIZE_LIMIT = 400;
/** The first line of a long file that says why it is long, e.g. `// size: one reducer, its cases read in order`. */
export const SIZE_MARKER = /^\s*(\/\/|\/\*)\s*size:\s*\S/;

const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs|jsx)$/;
const SIZED = /\.(ts|tsx|mts|cts|js|mjs|cjs|jsx|css)$/;
const SKIP_DIRS = new Set([
  'node_modules',
  'dist',
  'data',
  'migrations',
  'test-results',
  'playwright-report',
]);
const SIZE_ROOTS = ['apps', 'packages', 'scripts', 'e2e', 'bench', 'test-support'];

const RULES = {
  'feature-imports-feature':
    'a feature imports only its own folder, the shared layers (features/live-room, ui/, lib/) and packages; routes in app/ compose features',
  'ui-imports-feature': 'ui/ is design-system primitives and imports no feature',
  'lib-imports-feature': 'lib/ is single-purpose helpers and imports no feature',
  'route-imports-repository':
    "a module's routes call its service and import no repository, not even their own",
  'module-imports-other-repository':
    "a module reaches another module through that module's service, not its repository",
  'deep-relative-import': 'import by alias (@/…) or package name, never ../../../',
};

function walk(dir, keep, out = []) {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return out;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name) && !entry.name.startsWith('.')) walk(full, keep, out);
    } else if (keep.test(entry.name)) {
      out.push(full);
    }
  }
  return out;
}

const posix = (p) => p.split(path.sep).join('/');

/** Every module specifier a file names, with its line: imports, re-exports, import(), import types, require, vi.mock. */
export function importsOf(fileName, text) {
  const kind = fileName.endsWith('x') ? ts.ScriptKind.TSX : undefined;
  const sf = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, kind);
  const found = [];
  const add = (literal) => {
    if (literal && ts.isStringLiteralLike(literal))
      found.push({
        specifier: literal.text,
        line: sf.getLineAndCharacterOfPosition(literal.getStart(sf)).line + 1,
      });
  };
  const visit = (node) => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) add(node.moduleSpecifier);
    else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference))
      add(node.moduleReference.expression);
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) add(node.argument.literal);
    else if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const named =
        callee.kind === ts.SyntaxKind.ImportKeyword ||
        (ts.isIdentifier(callee) && callee.text === 'require') ||
        (ts.isPropertyAccessExpression(callee) &&
          ts.isIdentifier(callee.expression) &&
          callee.expression.text === 'vi' &&
          /^(mock|doMock|importActual|importMock)$/.test(callee.name.text));
      if (named) add(node.arguments[0]);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

/** Where a specifier points, as a path relative to the importing app's src/, or null for a package. */
function target(srcRoot, file, specifier) {
  let full;
  if (specifier.startsWith('@/')) full = path.join(srcRoot, specifier.slice(2));
  else if (specifier.startsWith('./') || specifier.startsWith('../'))
    full = path.resolve(path.dirname(file), specifier);
  else return null;
  const rel = posix(path.relative(srcRoot, full));
  return rel.startsWith('../') ? null : rel;
}

function webLayer(rel) {
  const [top, name] = rel.split('/');
  if (top === 'features' && name) return { layer: 'feature', name };
  return { layer: top };
}

function webBreach(from, to) {
  const a = webLayer(from);
  const b = webLayer(to);
  if (b.layer !== 'feature') return null;
  if (a.layer === 'feature' && b.name !== a.name && !SHARED_FEATURES.has(b.name))
    return 'feature-imports-feature';
  if (a.layer === 'ui') return 'ui-imports-feature';
  if (a.layer === 'lib') return 'lib-imports-feature';
  return null;
}

const REPOSITORY = /\.repository(\.[cm]?[jt]s)?$/;

function serverBreach(from, to) {
  if (!REPOSITORY.test(to)) return null;
  const [top, module, ...rest] = from.split('/');
  if (top !== 'modules' || !module) return null;
  if (/\.routes\.[cm]?[jt]s$/.test(rest.at(-1) ?? '')) return 'route-imports-repository';
  const [toTop, toModule] = to.split('/');
  if (toTop === 'modules' && toModule !== module) return 'module-imports-other-repository';
  return null;
}

/**
 * Checks apps/web/src and apps/server/src under `root`. Shared test support (each app's src/test/)
 * is exempt; tests beside the code follow the code's rules.
 */
export function checkArchitecture(root) {
  const apps = [
    { src: path.join(root, 'apps/web/src'), breach: webBreach },
    { src: path.join(root, 'apps/server/src'), breach: serverBreach },
  ];
  const breaches = [];
  let files = 0;
  for (const app of apps) {
    for (const file of walk(app.src, SOURCE)) {
      files += 1;
      const from = posix(path.relative(app.src, file));
      const exempt = from.startsWith('test/');
      for (const { specifier, line } of importsOf(file, readFileSync(file, 'utf8'))) {
        const where = { file: posix(path.relative(root, file)), line, specifier };
        if (/^(\.\.\/){3}/.test(specifier)) breaches.push({ ...where, rule: 'deep-relative-import' });
        const to = target(app.src, file, specifier);
        const rule = to && !exempt ? app.breach(from, to) : null;
        if (rule) breaches.push({ ...where, rule });
      }
    }
  }
  return { files, breaches };
}

/** Source files over SIZE_LIMIT lines whose first line does not say why (`// size: <why>`). */
export function sizeReport(root, limit = SIZE_LIMIT) {
  const long = [];
  for (const dir of SIZE_ROOTS) {
    for (const file of walk(path.join(root, dir), SIZED)) {
      const text = readFileSync(file, 'utf8');
      const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
      if (lines > limit && !SIZE_MARKER.test(text.split('\n', 1)[0]))
        long.push({ file: posix(path.relative(root, file)), lines });
    }
  }
  return long.sort((a, b) => b.lines - a.lines || a.file.localeCompare(b.file));
}

function main() {
  const root = process.argv[2]
    ? path.resolve(process.argv[2])
    : fileURLToPath(new URL('..', import.meta.url));
  const out = (text) => process.stdout.write(`${text}\n`);
  const { files, breaches } = checkArchitecture(root);
  const long = sizeReport(root);
  if (long.length > 0) {
    out(
      `size (warning): ${long.length} file(s) over ${SIZE_LIMIT} lines without a first line "// size: <why>":`,
    );
    for (const { file, lines } of long) out(`  ${String(lines).padStart(5)}  ${file}`);
  }
  if (breaches.length === 0) {
    out(`architecture: ${files} files, no import breaches`);
    return;
  }
  out(
    `architecture: ${breaches.length} import breach(es) in ${files} files (docs/architecture.md, "Layout and import rules"):`,
  );
  for (const b of breaches) out(`  ${b.file}:${b.line}  '${b.specifier}'  ${b.rule}: ${RULES[b.rule]}`);
  process.exitCode = 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
