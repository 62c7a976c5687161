import { type Country, findCountryByIso2, listCountries } from '@kasuwa/reference-data';
// The full ("max") metadata checks the digits themselves, not only the length, so "+234 000 000
// 0000" is refused. It costs ~40 KB compressed, paid only by the screens that take a phone number.
import {
  AsYouType,
  type CountryCode,
  isSupportedCountry,
  parsePhoneNumberFromString,
  validatePhoneNumberLength,
} from 'libphonenumber-js/max';

/** What a phone field holds while the seller edits it: a country and the number as typed. */
export interface PhoneValue {
  /** ISO 3166-1 alpha-2 code of the chosen country. */
  country: string;
  /** The number as typed, without the country's prefix (a leading trunk 0 is fine). */
  number: string;
}

/** The spec's default: Nigeria. */
export const DEFAULT_PHONE_COUNTRY = 'NG';

/** E.164 allows 15 digits in all, the country code included. */
export const PHONE_DIGIT_CAP = 15;

export const emptyPhone: PhoneValue = { country: DEFAULT_PHONE_COUNTRY, number: '' };

/** Countries whose numbers libphonenumber can check, in name order. */
export const phoneCountries: readonly Country[] = listCountries().filter((country) =>
  isSupportedCountry(country.iso2),
);

function countryCode(iso2: string): CountryCode | undefined {
  return isSupportedCountry(iso2) ? iso2 : undefined;
}

const digitsOf = (text: string) => text.replace(/\D/g, '');

function countryLabel(iso2: string): string {
  const country = findCountryByIso2(iso2);
  return country ? `${country.name} (${country.prefix})` : iso2;
}

/**
 * Cleans what the seller typed into the number box: keeps digits and the spaces, dashes and
 * brackets people write numbers with, and drops digits past the cap (15 in all, the country's
 * prefix included) unless long numbers are allowed. A number typed or pasted with its own "+prefix"
 * moves the country to match, so "+233 24 123 4567" switches to Ghana.
 */
export function editPhone(previous: PhoneValue, typed: string, allowLongNumbers = false): PhoneValue {
  let { country } = previous;
  let text = typed;
  if (typed.trimStart().startsWith('+')) {
    const asYouType = new AsYouType();
    asYouType.input(typed);
    const detected = asYouType.getCountry();
    if (!detected) return { country, number: typed.replace(/[^\d\s()+-]/g, '') };
    country = detected;
    text = digitsOf(typed).slice(asYouType.getCallingCode()?.length ?? 0);
  }
  text = text.replace(/[^\d\s()-]/g, '');
  if (!allowLongNumbers) {
    const prefixDigits = digitsOf(findCountryByIso2(country)?.prefix ?? '').length;
    let room = PHONE_DIGIT_CAP - prefixDigits;
    let capped = '';
    for (const char of text) {
      if (/\d/.test(char)) {
        // The first digit past the cap ends the number, along with the separators before it.
        if (room === 0) {
          capped = capped.replace(/[\s()-]+$/, '');
          break;
        }
        room--;
      }
      capped += char;
    }
    text = capped;
  }
  return { country, number: text };
}

/** The number in E.164 (+2348012345678), or null when it is not a valid number for its country. */
export function toE164(value: PhoneValue): string | null {
  const code = countryCode(value.country);
  if (!code) return null;
  const parsed = parsePhoneNumberFromString(value.number, code);
  return parsed?.isValid() ? parsed.number : null;
}

/** Why the number cannot be used, as a sentence for the seller, or null when it is fine. */
export function phoneProblem(value: PhoneValue): string | null {
  if (digitsOf(value.number) === '') return 'Enter your phone number.';
  const code = countryCode(value.country);
  if (!code) return 'Choose the country of your phone number.';
  if (toE164(value)) return null;
  const where = countryLabel(value.country);
  switch (validatePhoneNumberLength(value.number, code)) {
    case 'TOO_SHORT':
      return `This number is too short for ${where}.`;
    case 'TOO_LONG':
      return `This number is too long for ${where}.`;
    default:
      return `This is not a valid phone number for ${where}. Check the digits and the country.`;
  }
}

/** The number written the way the country writes it ("0801 234 5678"), when it is valid. */
export function formatNational(value: PhoneValue): string | null {
  const code = countryCode(value.country);
  if (!code) return null;
  const parsed = parsePhoneNumberFromString(value.number, code);
  return parsed?.isValid() ? parsed.formatNational() : null;
}
