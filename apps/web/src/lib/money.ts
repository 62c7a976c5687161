/**
 * Money is integer kobo in the database and naira in the API and UI; this is the one place that
 * formats it, so every screen shows the same '₦1,234.50'.
 */
const nairaFormat = new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN' });

export function formatNaira(naira: number): string {
  return nairaFormat.format(naira);
}

export function koboToNaira(kobo: number): number {
  return kobo / 100;
}

/** Rounds to whole kobo, because naira amounts typed by people or computed in floats can carry fractions. */
export function nairaToKobo(naira: number): number {
  return Math.round(naira * 100);
}
