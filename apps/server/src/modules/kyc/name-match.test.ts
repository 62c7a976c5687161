import { describe, expect, it } from 'vitest';
import { companyNameMatches, nameWords, personNameMatches } from '@/modules/kyc/name-match.ts';

const ada = { firstName: 'Adaeze', lastName: 'Okafor' };

describe('the KYC name rule', () => {
  it('matches whatever the order and case, with a middle name on record', () => {
    expect(personNameMatches(ada, 'OKAFOR ADAEZE')).toBe(true);
    expect(personNameMatches(ada, 'okafor, adaeze chioma')).toBe(true);
    expect(personNameMatches(ada, 'Mrs. Adaeze  Okafor')).toBe(true);
    expect(personNameMatches({ firstName: 'Ọlá', lastName: 'Adébáyọ̀' }, 'ADEBAYO OLA')).toBe(true);
  });

  it('refuses another surname, a missing name and half a name', () => {
    expect(personNameMatches(ada, 'ADAEZE OKONKWO')).toBe(false);
    expect(personNameMatches(ada, 'OKAFOR')).toBe(false);
    expect(personNameMatches(ada, '')).toBe(false);
    expect(personNameMatches({ firstName: 'Mr', lastName: '' }, 'MR')).toBe(false);
  });

  it('compares company names without their legal suffixes', () => {
    expect(companyNameMatches('Eze Fabrics Ltd', 'EZE FABRICS LIMITED')).toBe(true);
    expect(companyNameMatches('Eze Fabrics', 'eze fabrics nigeria ltd')).toBe(true);
    expect(companyNameMatches('Eze Fabrics Ltd', 'EZE FOODS LIMITED')).toBe(false);
    expect(companyNameMatches('Eze Fabrics Ltd', 'EZE FABRICS AND TEXTILES LTD')).toBe(false);
    expect(companyNameMatches('Ltd', 'Limited')).toBe(false);
  });

  it('splits on anything that is not a letter', () => {
    expect(nameWords("O'Neil-Bello, Dr. Tunde")).toEqual(['O', 'NEIL', 'BELLO', 'TUNDE']);
  });
});
