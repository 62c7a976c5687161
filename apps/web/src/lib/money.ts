/**
 * Money is integer kobo in the database and naira in the API and UI; this is the one place that
 * formats it, so every screen shows the same '₦1,234.50'.
 */
// Built on first use, not at import: building it costs a phone's main thread tens of milliseconds,
// which a screen's first view need not wait for when it shows no money yet (issue 20).
let nairaFormat: Intl.NumberFormat | undefined;

export function formatNaira(naira: number): string {
  nairaFormat ??= new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN' });
  return nairaFormat.format(naira);
}

/** One price, or the range a product's variants make (₦15,000.00–₦16,500.00). */
export function formatNairaRange({ min, max }: { min: number; max: number }): string {
  return min === max ? formatNaira(min) : `${formatNaira(min)}–${formatNaira(max)}`;
}

export function koboToNaira(kobo: number): number {
  return kobo / 100;
}

/** Rounds to whole kobo, because naira amounts typed by people or computed in floats can carry fractions. */
export function nairaToKobo(naira: number): number {
  return Math.round(naira * 100);
}

/**
 * A naira amount (or any count) as a person types it into a box: commas, spaces and a ₦ are allowed
 * anywhere; '' is "nothing" (undefined); anything else that is not a plain decimal is NaN, so a form
 * can say "Enter a number". A leading minus is kept, so a negative amount reaches the schema and is
 * refused in its words ("cannot be negative") instead of as text that is not a number.
 */
export function parseNairaInput(text: string): number | undefined {
  const cleaned = text.replace(/[\s,₦]/g, '');
  if (cleaned === '') return undefined;
  return /^-?\d*\.?\d*$/.test(cleaned) && cleaned !== '.' && cleaned !== '-' && cleaned !== '-.'
    ? Number(cleaned)
    : Number.NaN;
}
