import type { HelpArticle } from '@/features/help/help-articles';

/*
 * A small relevance search over the answers, in the browser: no server round trip on a slow
 * connection, and 30 answers need no index library. Each query word is matched against the words
 * of an answer (exactly, or as the start of a longer word from 3 letters on, so "pay" finds
 * "payouts"), weighted by where it is found: the question counts most, then the topic, then the
 * answer's text. Answers matching more of the query's words rank first, then by score.
 */

/** Words sellers use for what the answers call something else. */
const SYNONYMS: Record<string, string[]> = {
  withdraw: ['payout'],
  withdrawal: ['payout'],
  cashout: ['payout'],
  transfer: ['payout'],
  bank: ['payout'],
  charge: ['fee', 'commission'],
  charges: ['fee', 'commission'],
  cost: ['fee'],
  percent: ['commission'],
  refund: ['return'],
  cod: ['delivery', 'cash'],
  cash: ['delivery'],
  bvn: ['kyc'],
  nin: ['kyc'],
  cac: ['kyc'],
  verify: ['kyc', 'approved'],
  verification: ['kyc'],
  approval: ['approved'],
  stream: ['live', 'show'],
  livestream: ['live', 'show'],
  bid: ['auction'],
  bidding: ['auction'],
  video: ['blip'],
  videos: ['blip'],
  collect: ['pickup'],
  whatsapp: ['connect', 'whatsapp'],
  instagram: ['connect', 'instagram'],
};

const WEIGHTS = { question: 5, topic: 3, body: 1 } as const;

/** Lower case, accents and punctuation off, a plural's s too ("payouts" and "payout" are one word). */
export function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/₦/g, ' ')
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 0)
    .map((w) => (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w));
}

const STOP = new Set([
  'a',
  'an',
  'the',
  'i',
  'my',
  'me',
  'do',
  'does',
  'is',
  'to',
  'of',
  'how',
  'what',
  'can',
  'for',
  'on',
  'in',
  'and',
  'or',
  'it',
  'be',
  'why',
  'when',
  'much',
]);

function matches(term: string, words: readonly string[]): number {
  let count = 0;
  for (const word of words) if (word === term || (term.length >= 3 && word.startsWith(term))) count++;
  return count;
}

interface Indexed {
  article: HelpArticle;
  question: string[];
  topic: string[];
  body: string[];
}

export function helpIndex(articles: readonly HelpArticle[]) {
  const indexed: Indexed[] = articles.map((article) => ({
    article,
    question: wordsOf(article.question),
    topic: wordsOf(article.topic),
    body: wordsOf(article.body),
  }));

  return (query: string): HelpArticle[] => {
    const terms = [...new Set(wordsOf(query).filter((w) => !STOP.has(w)))];
    if (terms.length === 0) return [];
    const scored = indexed.flatMap((entry) => {
      let score = 0;
      let matched = 0;
      for (const term of terms) {
        let best = 0;
        for (const variant of [term, ...(SYNONYMS[term] ?? [])]) {
          // A synonym counts a little less than the word the seller typed.
          const factor = variant === term ? 1 : 0.6;
          const s =
            // Term frequency saturates: a word said ten times is not ten times as relevant.
            (Math.min(matches(variant, entry.question), 2) * WEIGHTS.question +
              Math.min(matches(variant, entry.topic), 1) * WEIGHTS.topic +
              Math.min(matches(variant, entry.body), 3) * WEIGHTS.body) *
            factor;
          best = Math.max(best, s);
        }
        if (best > 0) matched++;
        score += best;
      }
      return score > 0 ? [{ article: entry.article, score, matched }] : [];
    });
    scored.sort((x, y) => y.matched - x.matched || y.score - x.score);
    return scored.map((s) => s.article);
  };
}
