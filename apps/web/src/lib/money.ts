/**
 * Money is integer kobo in the database and naira in the API and UI; this is the one place that
 * formats it, so every screen shows the same '₦1,234.50'.
 */
// Intl's currency format, built only for what the code below does not write itself: building it costs
// a phone's main thread tens of milliseconds (~18 ms on a fast desktop), inside the render of the first
// screen that shows money, in one piece (issue 20, docs/performance.md).
let nairaFormat: Intl.NumberFormat | undefined;
const intlNaira = (naira: number) => {
  nairaFormat ??= new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN' });
  return nairaFormat.format(naira);
};

/**
 * '₦1,234.50', '-₦50.00': exactly what `Intl.NumberFormat('en-NG', { style: 'currency', currency:
 * 'NGN' })` writes (money.test.ts compares them), without building it. Like Intl, it rounds the
 * number's shortest decimal form (the digits `String(n)` gives) half away from zero to two places;
 * NaN, infinities and exponent forms are left to Intl.
 */
export function formatNaira(naira: number): string {
  const digits = /^(\d+)(?:\.(\d+))?$/.exec(String(Math.abs(naira)));
  if (!digits) return intlNaira(naira);
  const fraction = digits[2] ?? '';
  let kobo = BigInt(`${digits[1]}${fraction.padEnd(2, '0').slice(0, 2)}`);
  if ((fraction[2] ?? '0') >= '5') kobo += 1n;
  const text = kobo.toString().padStart(3, '0');
  const whole = text.slice(0, -2).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const sign = naira < 0 || Object.is(naira, -0) ? '-' : '';
  return `${sign}₦${whole}.${text.slice(-2)}`;
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
