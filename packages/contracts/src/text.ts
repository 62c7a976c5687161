import { z } from 'zod';

/**
 * What text the product accepts, decided once (issue 18; docs/spec-deviations.md "Text the API
 * accepts"). PostgreSQL cannot store NUL in text, an unpaired UTF-16 surrogate cannot be encoded as
 * UTF-8 at all (it would silently become U+FFFD), and other control characters are invisible in
 * every screen and e-mail that shows the text. So any string a client sends is refused with 400 when
 * it holds:
 * - a C0 control character other than tab, line feed and carriage return, DEL, or a C1 control;
 * - an unpaired surrogate.
 * Single-line fields (names, searches) refuse tab, line feed and carriage return too. Accepted text
 * is normalised to NFC, so "é" typed as one character or as "e" plus an accent is stored, searched
 * and compared as the same text.
 *
 * The server applies `textProblem` to every string of every body, query and path as a backstop
 * (apps/server/src/plugins/text-guard.ts), so a route whose schema forgot a field still cannot
 * send such text to the database; the schema helpers below give the web's forms the same rule.
 */

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this rule's job.
const CONTROL_EXCEPT_LINE_BREAKS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: as above.
const ANY_CONTROL = /[\u0000-\u001F\u007F-\u009F]/;
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const TEXT_CONTROL_CHARACTER_MESSAGE = 'must not contain control characters';
export const TEXT_LINE_BREAK_MESSAGE = 'must be a single line without tabs or line breaks';
export const TEXT_UNPAIRED_SURROGATE_MESSAGE = 'contains a broken character (an unpaired UTF-16 surrogate)';

/** Why `value` is not text the product accepts, or null when it is. */
export function textProblem(
  value: string,
  options: { multiline: boolean } = { multiline: true },
): string | null {
  if (UNPAIRED_SURROGATE.test(value)) return TEXT_UNPAIRED_SURROGATE_MESSAGE;
  if (CONTROL_EXCEPT_LINE_BREAKS.test(value)) return TEXT_CONTROL_CHARACTER_MESSAGE;
  if (!options.multiline && ANY_CONTROL.test(value)) return TEXT_LINE_BREAK_MESSAGE;
  return null;
}

type StringParams = Parameters<typeof z.string>[0];

const accepted = (multiline: boolean, params?: StringParams) =>
  z
    .string(params)
    .check((ctx) => {
      const problem = textProblem(ctx.value, { multiline });
      if (problem) ctx.issues.push({ code: 'custom', message: problem, input: ctx.value });
    })
    .normalize('NFC');

/** A single-line text field (a name, a search): the accepted-text rule, NFC. Chain .trim(), .max() as usual. */
export const lineText = (params?: StringParams) => accepted(false, params);

/** A multi-line text field (a description, a comment): the accepted-text rule with line breaks, NFC. */
export const multilineText = (params?: StringParams) => accepted(true, params);
