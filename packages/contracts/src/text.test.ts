import { describe, expect, it } from 'vitest';
import { lineText, multilineText, textProblem } from './text.ts';

const NUL = String.fromCharCode(0);

describe('the text the product accepts', () => {
  it('refuses NUL, other control characters and unpaired surrogates, and keeps emoji and accents', () => {
    expect(textProblem(`a${NUL}b`)).toMatch(/control characters/);
    expect(textProblem('a\u0007b')).toMatch(/control characters/);
    expect(textProblem('a\u009bb')).toMatch(/control characters/);
    expect(textProblem('a\ud800b')).toMatch(/unpaired/);
    expect(textProblem('a\udc00')).toMatch(/unpaired/);
    expect(textProblem('Ankara 👗 Àdùké\nline two\ttab')).toBeNull();
  });

  it('lets multi-line fields keep line breaks and single-line fields refuse them', () => {
    expect(multilineText().safeParse('one\ntwo').success).toBe(true);
    const line = lineText().safeParse('one\ntwo');
    expect(line.success).toBe(false);
    expect(line.error?.issues[0]?.message).toMatch(/single line/);
  });

  it('normalises accepted text to NFC and still chains the usual string checks', () => {
    const decomposed = 'Ade\u0301'; // "e" then a combining acute accent
    expect(lineText().trim().max(10).parse(` ${decomposed} `)).toBe('Ad\u00e9');
    expect(lineText().max(2).safeParse('abc').success).toBe(false);
  });
});
