import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  accountNumberRuleText,
  findNigerianBank,
  isValidNigerianAccountNumber,
  isValidNuban,
  NIGERIAN_BANKS,
  NUBAN_RULE_TEXT,
  nubanCheckDigit,
} from './nigerian-banks.ts';

/** The check digit exactly as the CBN documents write it: weights 3,7,3 repeated, modulo 10. */
function documentedCheckDigit(digits: string): number {
  const weights = [3, 7, 3];
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[i]) * (weights[i % 3] ?? 0);
  const result = 10 - (sum % 10);
  return result === 10 ? 0 : result;
}

const digits = (length: number) =>
  fc.array(fc.integer({ min: 0, max: 9 }), { minLength: length, maxLength: length }).map((d) => d.join(''));

const bank = (name: string) => {
  const found = findNigerianBank(name);
  if (!found) throw new Error(`${name} is not listed`);
  return found;
};

describe('NUBAN check digit', () => {
  it('gives a commercial bank the 2010 rule over its 3-digit code and the serial (the 2020 zeros change nothing)', () => {
    fc.assert(
      fc.property(digits(3), digits(9), (code, serial) => {
        expect(nubanCheckDigit(code, serial)).toBe(documentedCheckDigit(`${code}${serial}`));
      }),
    );
  });

  it('gives a microfinance bank the 2020 rule over 9, its 5-digit CBN code and the serial', () => {
    fc.assert(
      fc.property(digits(5), digits(9), (code, serial) => {
        expect(nubanCheckDigit(code, serial)).toBe(documentedCheckDigit(`9${code}${serial}`));
      }),
    );
  });

  it('takes a number whose last digit is the check digit and refuses every other last digit', () => {
    const kuda = bank('Kuda Microfinance Bank');
    const serial = '200123456';
    const good = `${serial}${nubanCheckDigit('950211', serial)}`;
    expect(isValidNigerianAccountNumber(good, kuda)).toBe(true);
    for (let d = 0; d < 10; d++) {
      const other = `${serial}${d}`;
      if (other !== good) expect(isValidNigerianAccountNumber(other, kuda)).toBe(false);
    }
    expect(isValidNuban('12345', '058')).toBe(false);
  });
});

describe('the bank list', () => {
  it('uses the CBN codes for the microfinance banks and the transfer codes for OPay and PalmPay', () => {
    expect(bank('Kuda Microfinance Bank')).toMatchObject({ code: '50211', kind: 'microfinance' });
    expect(bank('Moniepoint Microfinance Bank')).toMatchObject({ code: '50515', kind: 'microfinance' });
    expect(bank('OPay')).toMatchObject({ code: '999992', kind: 'mobile-money' });
    expect(bank('PalmPay')).toMatchObject({ code: '999991', kind: 'mobile-money' });
  });

  it('has one entry per name, each code shaped as its kind says', () => {
    const names = NIGERIAN_BANKS.map((b) => b.name.toLowerCase());
    expect(new Set(names).size).toBe(names.length);
    const shape = { commercial: /^\d{3}$/, microfinance: /^\d{5}$/, 'mobile-money': /^\d{6}$/ };
    for (const b of NIGERIAN_BANKS) expect(b.code, b.name).toMatch(shape[b.kind]);
  });
});

describe('mobile money account numbers', () => {
  it("take the holder's phone number without its first 0, and explain that instead of NUBAN", () => {
    const opay = bank('OPay');
    expect(isValidNigerianAccountNumber('8031234567', opay)).toBe(true);
    expect(isValidNigerianAccountNumber('9051234567', bank('PalmPay'))).toBe(true);
    expect(isValidNigerianAccountNumber('08031234567', opay)).toBe(false);
    expect(isValidNigerianAccountNumber('2012345678', opay)).toBe(false);
    expect(accountNumberRuleText(opay)).toContain('phone number');
    expect(accountNumberRuleText(bank('Zenith Bank'))).toBe(NUBAN_RULE_TEXT);
  });
});
