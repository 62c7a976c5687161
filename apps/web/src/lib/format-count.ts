/**
 * A whole count as en-NG writes it ('1,234', '-12'): what `Intl.NumberFormat('en-NG')` writes for an
 * integer (format-count.test.ts compares them), without building it. Building the first number
 * format of a page costs a phone's main thread tens of milliseconds (~17 ms on a fast desktop), in one
 * piece (issue 20, docs/performance.md). Anything but a safe integer is left to Intl.
 */
export function formatCount(count: number): string {
  if (!Number.isSafeInteger(count)) return new Intl.NumberFormat('en-NG').format(count);
  const digits = String(Math.abs(count)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return count < 0 || Object.is(count, -0) ? `-${digits}` : digits;
}
