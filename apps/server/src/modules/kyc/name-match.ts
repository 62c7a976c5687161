/**
 * The name rule of KYC (docs/kyc.md "Name match"): the name an identity check answers must be the
 * seller's, and the bank account's name must be that person's (or, for a business, the company's).
 * Names are compared as sets of words, so order and case do not matter: "OKAFOR Adaeze Chioma"
 * matches Adaeze Okafor. Accents, punctuation and titles are dropped first.
 */

const TITLES = new Set([
  'MR',
  'MRS',
  'MS',
  'MISS',
  'DR',
  'CHIEF',
  'ALHAJI',
  'ALHAJA',
  'PROF',
  'ENGR',
  'PASTOR',
]);
/** Words a company's name may carry or drop without being another company. */
const COMPANY_SUFFIXES = new Set([
  'LTD',
  'LIMITED',
  'PLC',
  'NIG',
  'NIGERIA',
  'CO',
  'COMPANY',
  'ENTERPRISE',
  'ENTERPRISES',
  'VENTURES',
  'AND',
  'THE',
]);

export function nameWords(name: string): string[] {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .replace(/[^A-Z]+/g, ' ')
    .split(' ')
    .filter((w) => w.length > 0 && !TITLES.has(w));
}

/**
 * True when every word of `person` (first and last name; at least two words) is among the words of
 * `record`: the record may carry a middle name the seller left out, never a different surname.
 */
export function personNameMatches(person: { firstName: string; lastName: string }, record: string): boolean {
  const wanted = nameWords(`${person.firstName} ${person.lastName}`);
  if (wanted.length < 2) return false;
  const have = new Set(nameWords(record));
  return wanted.every((w) => have.has(w));
}

/** A company's name, its legal suffixes (Ltd, Limited, Enterprises…) left out, compared as a set. */
export function companyNameMatches(a: string, b: string): boolean {
  const words = (n: string) => new Set(nameWords(n).filter((w) => !COMPANY_SUFFIXES.has(w)));
  const x = words(a);
  const y = words(b);
  if (x.size === 0 || x.size !== y.size) return false;
  return [...x].every((w) => y.has(w));
}
