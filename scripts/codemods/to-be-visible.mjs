#!/usr/bin/env node
// Rewrites Testing Library presence checks to jest-dom's matchers (issue 13, "One way per job"):
//
//   expect(screen.getByText('Saved')).toBeTruthy()          -> .toBeVisible()
//   expect(await screen.findByRole('dialog')).toBeTruthy()   -> .toBeVisible()
//   expect(within(card).getAllByRole('row')[0]).toBeDefined() -> .toBeVisible()
//   expect(screen.queryByText('Saved')).toBeNull()           -> .not.toBeInTheDocument()
//   expect(screen.queryByText('Saved')).toBeFalsy()          -> .not.toBeInTheDocument()
//   expect(screen.queryByText('Saved')).not.toBeNull()       -> .toBeVisible()
//
// Only an `expect(...)` whose whole argument is one query of a single element (get/find/queryBy…,
// or get/find/queryAllBy…(…)[n]) on `screen`, `within(…)` or a render result is touched; anything
// else (localStorage.getItem, querySelector, arrays) is left for a person. It is mechanical: where
// the element is legitimately hidden (visually-hidden text, a closed <details>), the test fails on
// toBeVisible and a person writes toBeInTheDocument() instead. Run biome format afterwards (a longer
// matcher can push a line past the width). Idempotent: a rewritten line matches nothing here.
//
//   node scripts/codemods/to-be-visible.mjs [--check] <file or folder>...
//
// --check writes nothing and exits 1 when some file would change. Plain Node, no dependencies.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** Index just past the `)` that closes the `(` at `open`, skipping strings, templates, regexes, comments. */
export function closingParen(src, open) {
  let depth = 0;
  let i = open;
  let prev = '(';
  while (i < src.length) {
    const c = src[i];
    if (c === '/' && src[i + 1] === '/') {
      i = src.indexOf('\n', i);
      if (i === -1) return -1;
      continue;
    }
    if (c === '/' && src[i + 1] === '*') {
      i = src.indexOf('*/', i + 2);
      if (i === -1) return -1;
      i += 2;
      continue;
    }
    if (c === "'" || c === '"') {
      i = skipQuoted(src, i, c);
    } else if (c === '`') {
      i = skipTemplate(src, i);
    } else if (c === '/' && /[(,=:[!&|?{};+\-*%<>~^]/.test(prev)) {
      i = skipRegex(src, i);
    } else {
      if (c === '(') depth++;
      else if (c === ')' && --depth === 0) return i + 1;
      i++;
    }
    if (i === -1) return -1;
    if (!/\s/.test(src[i - 1] ?? '')) prev = src[i - 1];
  }
  return -1;
}

function skipQuoted(src, i, quote) {
  for (let j = i + 1; j < src.length; j++) {
    if (src[j] === '\\') j++;
    else if (src[j] === quote) return j + 1;
    else if (src[j] === '\n') return -1;
  }
  return -1;
}

function skipTemplate(src, i) {
  for (let j = i + 1; j < src.length; j++) {
    if (src[j] === '\\') j++;
    else if (src[j] === '`') return j + 1;
    else if (src[j] === '$' && src[j + 1] === '{') {
      // A placeholder is code: find its closing brace, strings and nested templates included.
      let depth = 0;
      for (j += 1; j < src.length; j++) {
        const c = src[j];
        if (c === "'" || c === '"') j = skipQuoted(src, j, c) - 1;
        else if (c === '`') j = skipTemplate(src, j) - 1;
        else if (c === '{') depth++;
        else if (c === '}' && --depth === 0) break;
        if (j < 0) return -1;
      }
    }
  }
  return -1;
}

function skipRegex(src, i) {
  let inClass = false;
  for (let j = i + 1; j < src.length; j++) {
    const c = src[j];
    if (c === '\\') j++;
    else if (c === '[') inClass = true;
    else if (c === ']') inClass = false;
    else if (c === '/' && !inClass) {
      j++;
      while (/[a-z]/i.test(src[j] ?? '')) j++;
      return j;
    } else if (c === '\n') return -1;
  }
  return -1;
}

// The argument of expect(): `await`? then `screen.` / `within(…).` / `view.` and one query call,
// `[n]` after an All query. Checked on the text with the query's own arguments cut out.
const QUERY_HEAD =
  /^\s*(await\s+)?(?:[A-Za-z_$][\w$]*\s*\.\s*|within\s*\(\s*[\w$.[\]]+\s*\)\s*\.\s*)?(get|find|query)(All)?By[A-Z]\w*\s*$/;

const MATCHERS = [
  // [matcher as written, kind of query it applies to, replacement]
  ['.toBeTruthy()', 'present', '.toBeVisible()'],
  ['.toBeDefined()', 'present', '.toBeVisible()'],
  ['.not.toBeNull()', 'present', '.toBeVisible()'],
  ['.not.toBeFalsy()', 'present', '.toBeVisible()'],
  ['.toBeNull()', 'absent', '.not.toBeInTheDocument()'],
  ['.toBeFalsy()', 'absent', '.not.toBeInTheDocument()'],
];

/** The source with every convertible `expect(query).matcher` rewritten, and how many. */
export function convert(src) {
  let out = '';
  let from = 0;
  let count = 0;
  const expectCall = /\bexpect\s*\(/g;
  for (let m = expectCall.exec(src); m; m = expectCall.exec(src)) {
    const open = m.index + m[0].length - 1;
    const close = closingParen(src, open);
    if (close === -1) continue;
    const arg = src.slice(open + 1, close - 1);
    const query = singleQuery(arg);
    if (!query) continue;
    const rest = src.slice(close);
    const matcher = MATCHERS.find(([written]) => rest.startsWith(written));
    if (!matcher) continue;
    const [written, kind, replacement] = matcher;
    // A get/find query throws when nothing matches, so only a query… can be checked for absence.
    if (kind === 'absent' && query !== 'query') continue;
    out += src.slice(from, close) + replacement;
    from = close + written.length;
    expectCall.lastIndex = from;
    count++;
  }
  return { text: out + src.slice(from), count };
}

/** 'get' | 'find' | 'query' when `arg` is one single-element query, else null. */
function singleQuery(arg) {
  const call = arg.search(/\b(?:get|find|query)(?:All)?By[A-Z]\w*\s*\(/);
  if (call === -1) return null;
  const open = arg.indexOf('(', call);
  const close = closingParen(arg, open);
  if (close === -1) return null;
  const head = QUERY_HEAD.exec(arg.slice(0, open));
  if (!head) return null;
  const [, awaited, kind, all] = head;
  // A find query answers a promise: only its awaited element is one.
  if (kind === 'find' && !awaited) return null;
  // A call the formatter wrapped over lines keeps a trailing comma.
  const tail = arg.slice(close).trim().replace(/,$/, '').trim();
  // A single element: a non-All query with nothing after it, or an All query picked by index.
  if (all ? !/^\[\s*\d+\s*\]$/.test(tail) : tail !== '') return null;
  return kind;
}

function filesUnder(target) {
  if (statSync(target).isFile()) return [target];
  return readdirSync(target, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.test\.[cm]?[jt]sx?$/.test(e.name))
    .map((e) => path.join(e.parentPath ?? e.path, e.name))
    .filter((f) => !f.split(path.sep).includes('node_modules'));
}

function main(args) {
  const check = args.includes('--check');
  const targets = args.filter((a) => a !== '--check');
  if (targets.length === 0) {
    process.stderr.write('usage: node scripts/codemods/to-be-visible.mjs [--check] <file or folder>...\n');
    return 2;
  }
  let changed = 0;
  let total = 0;
  for (const file of targets.flatMap(filesUnder).sort()) {
    const src = readFileSync(file, 'utf8');
    const { text, count } = convert(src);
    if (count === 0) continue;
    changed++;
    total += count;
    if (!check) writeFileSync(file, text);
    process.stdout.write(`${file}: ${count}\n`);
  }
  process.stdout.write(`${check ? 'would change' : 'changed'} ${total} in ${changed} file(s)\n`);
  return check && changed > 0 ? 1 : 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  process.exitCode = main(process.argv.slice(2));
