import { describe, expect, it } from 'vitest';
import { HELP_ARTICLES, HELP_TOPICS, parseHelpMarkdown } from '@/features/help/help-articles';
import { helpIndex, wordsOf } from '@/features/help/help-search';

const search = helpIndex(HELP_ARTICLES);
const questions = (query: string) => search(query).map((a) => a.question);

describe('the help answers', () => {
  it('reads about 25 questions from the markdown files, each with a topic and an answer', () => {
    expect(HELP_ARTICLES.length).toBeGreaterThanOrEqual(25);
    expect(HELP_TOPICS).toEqual([
      'Getting started',
      'Earnings and payouts',
      'Orders and delivery',
      'Returns and refunds',
      'Live shows, auctions and blips',
      'Account and verification',
    ]);
    expect(new Set(HELP_ARTICLES.map((a) => a.id)).size).toBe(HELP_ARTICLES.length);
    for (const a of HELP_ARTICLES) expect(a.body.length).toBeGreaterThan(80);
  });

  it('parses a topic file into its questions', () => {
    const parsed = parseHelpMarkdown(
      '# Money\n\n## How?\nLike **this**.\n\n- one\n- two\n\n## Why?\nBecause.\n',
    );
    expect(parsed).toEqual([
      { id: 'how', topic: 'Money', question: 'How?', body: 'Like **this**.\n\n- one\n- two' },
      { id: 'why', topic: 'Money', question: 'Why?', body: 'Because.' },
    ]);
  });
});

describe('searching the answers', () => {
  it('"payout" finds the payout answers first', () => {
    const found = questions('payout');
    const payoutQuestions = HELP_ARTICLES.filter((a) => /payout/i.test(a.question)).map((a) => a.question);
    expect(payoutQuestions.length).toBeGreaterThanOrEqual(5);
    expect(found.slice(0, payoutQuestions.length).sort()).toEqual([...payoutQuestions].sort());
    expect(found[0]).toMatch(/payout/i);
  });

  it('matches plurals, word starts and what sellers call things', () => {
    expect(questions('payouts')[0]).toMatch(/payout/i);
    expect(questions('withdraw')[0]).toMatch(/payout/i);
    expect(questions('withdraw my money').slice(0, 3)).toContain('How do I request a payout?');
    expect(questions('how much commission')[0]).toBe('What fees does Kasuwa charge on a sale?');
    expect(questions('BVN')[0]).toMatch(/BVN|KYC/);
    expect(questions('auction')[0]).toBe('How do live auctions work?');
    expect(questions('pay on delivery')[0]).toBe('How does pay on delivery work?');
    expect(questions('pickup code')[0]).toBe('How does store pickup work?');
  });

  it('ranks answers matching more of the words first', () => {
    expect(questions('bank account hold')[0]).toBe(
      'Why are my payouts on hold after I changed my bank account?',
    );
    expect(questions('return deadline answer')[0]).toBe('How long do I have to answer a return request?');
  });

  it('finds nothing for words no answer has, and nothing for an empty search', () => {
    expect(search('zzqx')).toEqual([]);
    expect(search('   ')).toEqual([]);
    expect(search('the of a')).toEqual([]);
  });

  it('folds case, accents and the naira sign into plain words', () => {
    expect(wordsOf('Payouts ₦1,000 Café')).toEqual(['payout', '1', '000', 'cafe']);
  });
});
