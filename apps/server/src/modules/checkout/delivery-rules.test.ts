import { describe, expect, it } from 'vitest';
import { isCombinationOf, nigerianStateName, pickupAddressLine } from '@/modules/checkout/delivery-rules.ts';
import { colourSizeVariants } from '@/test/checkout.ts';

describe('Nigerian state names', () => {
  it('reads any case, the display name and the common names of the capital territory', () => {
    expect(nigerianStateName(' akwa  ibom ')).toBe('Akwa Ibom');
    expect(nigerianStateName('Federal Capital Territory')).toBe('Fct');
    expect(nigerianStateName('Abuja')).toBe('Fct');
    expect(nigerianStateName('Accra')).toBeNull();
  });
});

describe('variant combinations', () => {
  const variants = colourSizeVariants({ 'Red/M': 1 });

  it('takes a whole path of the levels, in order', () => {
    expect(
      isCombinationOf(variants, [
        { name: 'Colour', value: 'Blue' },
        { name: 'Size', value: 'L' },
      ]),
    ).toBe(true);
  });

  it('refuses a partial, a reordered, an unknown or an extra choice', () => {
    expect(isCombinationOf(variants, [{ name: 'Colour', value: 'Red' }])).toBe(false);
    expect(
      isCombinationOf(variants, [
        { name: 'Size', value: 'M' },
        { name: 'Colour', value: 'Red' },
      ]),
    ).toBe(false);
    expect(
      isCombinationOf(variants, [
        { name: 'Colour', value: 'Red' },
        { name: 'Size', value: 'XL' },
      ]),
    ).toBe(false);
    expect(
      isCombinationOf(variants, [
        { name: 'Colour', value: 'Red' },
        { name: 'Size', value: 'M' },
        { name: 'Fit', value: 'Slim' },
      ]),
    ).toBe(false);
  });

  it('takes no choice for a product without variants, and refuses one', () => {
    expect(isCombinationOf([], [])).toBe(true);
    expect(isCombinationOf([], [{ name: 'Colour', value: 'Red' }])).toBe(false);
  });
});

it('writes a pickup address on one line without empty parts', () => {
  expect(
    pickupAddressLine({ state: 'Lagos', city: 'Ikeja', addressLine1: '12 Allen Avenue', addressLine2: ' ' }),
  ).toBe('12 Allen Avenue, Ikeja, Lagos');
  expect(pickupAddressLine(null)).toBeNull();
});
