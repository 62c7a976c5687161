import { describe, expect, it } from 'vitest';
import { NameIndex, slugPart } from './text.ts';

describe('slugPart', () => {
  it.each([
    ['Nigeria', 'nigeria'],
    ['United Kingdom', 'united-kingdom'],
    ["Côte d'Ivoire", 'cote-divoire'],
    ['U.S. Virgin Islands', 'us-virgin-islands'],
    ['Urue-Offong/Oruko', 'urue-offong-oruko'],
    ["Jama'are", 'jamaare'],
    ['Fct', 'fct'],
  ])('turns %s into %s', (name, slug) => {
    expect(slugPart(name)).toBe(slug);
  });
});

describe('NameIndex', () => {
  const index = new NameIndex(['Ikeja', 'Ikorodu', 'Epe'], (name) => name);

  it('keeps list order and applies the extra filter', () => {
    expect(index.search('IK')).toEqual(['Ikeja', 'Ikorodu']);
    expect(index.search('', (name) => name !== 'Epe')).toEqual(['Ikeja', 'Ikorodu']);
  });
});
