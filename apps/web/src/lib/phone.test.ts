import { describe, expect, it } from 'vitest';
import { editPhone, emptyPhone, formatNational, phoneCountries, phoneProblem, toE164 } from '@/lib/phone';

const digits = (text: string) => text.replace(/\D/g, '');

describe('editPhone', () => {
  it('starts in Nigeria', () => {
    expect(emptyPhone.country).toBe('NG');
  });

  it('caps a number at 15 digits in all, counting the country’s prefix', () => {
    // +234 takes three of the fifteen.
    const edited = editPhone(emptyPhone, '0801 234 5678 9999 9999');
    expect(digits(edited.number)).toHaveLength(12);
    expect(edited.number).toBe('0801 234 5678 9');
  });

  it('lets long numbers through when they are enabled', () => {
    expect(digits(editPhone(emptyPhone, '0801 234 5678 9999 9999', true).number)).toHaveLength(19);
  });

  it('keeps spaces, dashes and brackets but drops letters', () => {
    expect(editPhone(emptyPhone, '(0801) 234-56ab78').number).toBe('(0801) 234-5678');
  });

  it('moves to the country of a number typed with its own prefix', () => {
    expect(editPhone(emptyPhone, '+233 24 123 4567')).toEqual({ country: 'GH', number: '241234567' });
    expect(editPhone({ country: 'GH', number: '' }, '+2348012345678')).toEqual({
      country: 'NG',
      number: '8012345678',
    });
  });
});

describe('toE164', () => {
  it('stores a valid number in E.164, with or without the trunk 0', () => {
    expect(toE164({ country: 'NG', number: '0801 234 5678' })).toBe('+2348012345678');
    expect(toE164({ country: 'NG', number: '8012345678' })).toBe('+2348012345678');
    expect(toE164({ country: 'GB', number: '07400 123456' })).toBe('+447400123456');
  });

  it('returns null for a number that is not valid in its country', () => {
    expect(toE164({ country: 'NG', number: '0801 234' })).toBeNull();
    expect(toE164({ country: 'NG', number: '0000 000 0000' })).toBeNull();
  });
});

describe('phoneProblem', () => {
  it('accepts a valid number', () => {
    expect(phoneProblem({ country: 'NG', number: '08012345678' })).toBeNull();
  });

  it('says what is wrong, naming the country and its prefix', () => {
    expect(phoneProblem({ country: 'NG', number: '' })).toBe('Enter your phone number.');
    expect(phoneProblem({ country: 'NG', number: '0801 234' })).toBe(
      'This number is too short for Nigeria (+234).',
    );
    expect(phoneProblem({ country: 'GH', number: '024 123 4567 890' })).toBe(
      'This number is too long for Ghana (+233).',
    );
    expect(phoneProblem({ country: 'NG', number: '0000 000 0000' })).toBe(
      'This is not a valid phone number for Nigeria (+234). Check the digits and the country.',
    );
  });
});

describe('formatNational', () => {
  it('writes a valid number the way its country does', () => {
    expect(formatNational({ country: 'NG', number: '08012345678' })).toBe('0801 234 5678');
    expect(formatNational({ country: 'NG', number: '0801' })).toBeNull();
  });
});

describe('phoneCountries', () => {
  it('offers every country whose numbers can be checked, Nigeria among them', () => {
    expect(phoneCountries.length).toBeGreaterThan(235);
    expect(phoneCountries.find((c) => c.iso2 === 'NG')?.prefix).toBe('+234');
  });
});
