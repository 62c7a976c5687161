import { describe, expect, it } from 'vitest';
import {
  emptyVariants,
  generateSku,
  imagesAt,
  MAX_VARIANT_PHOTOS,
  photoPool,
  productStock,
  type VariantAction,
  type VariantState,
  variantReducer,
} from '@/features/products/variant-builder';

const run = (...actions: VariantAction[]) => actions.reduce(variantReducer, emptyVariants);
const colour: VariantAction = {
  type: 'addOption',
  option: { id: 'o1', name: 'Colour', values: ['Red', 'Blue'] },
};
const size: VariantAction = { type: 'addOption', option: { id: 'o2', name: 'Size', values: ['M', 'XL'] } };
const fabric: VariantAction = {
  type: 'addOption',
  option: { id: 'o3', name: 'Fabric', values: ['Ankara cotton'] },
};

describe('the variant builder', () => {
  it('makes one variant per value of the first option, with stock 1', () => {
    const s = run(colour);
    expect(s.variants.map((v) => [v.name, v.value, v.totalStock, v.subVariants.length])).toEqual([
      ['Colour', 'Red', 1, 0],
      ['Colour', 'Blue', 1, 0],
    ]);
  });

  it('adds sub-variants under every variant for a second option', () => {
    const s = run(colour, size);
    expect(s.variants.map((v) => v.subVariants.map((x) => `${v.value}/${x.value}:${x.stock}`))).toEqual([
      ['Red/M:1', 'Red/XL:1'],
      ['Blue/M:1', 'Blue/XL:1'],
    ]);
    expect(s.variants.map((v) => v.totalStock)).toEqual([2, 2]);
  });

  it('adds sub-sub-variants with a SKU from the upper-cased values for a third option', () => {
    const s = run(colour, size, fabric);
    const skus = s.variants.flatMap((v) => v.subVariants.flatMap((x) => x.subSubVariants.map((y) => y.sku)));
    expect(skus).toEqual([
      'RED-M-ANKARACOTTON',
      'RED-XL-ANKARACOTTON',
      'BLUE-M-ANKARACOTTON',
      'BLUE-XL-ANKARACOTTON',
    ]);
    expect(generateSku(['Red ', 'x-l', 'Ankara cotton'])).toBe('RED-XL-ANKARACOTTON');
  });

  it('allows at most three option levels', () => {
    const s = run(colour, size, fabric, {
      type: 'addOption',
      option: { id: 'o4', name: 'Pattern', values: ['Plain'] },
    });
    expect(s.options).toHaveLength(3);
  });

  it('ignores an option without a name or values, and duplicate values', () => {
    expect(run({ type: 'addOption', option: { id: 'x', name: ' ', values: ['A'] } })).toEqual(emptyVariants);
    const s = run({ type: 'addOption', option: { id: 'x', name: 'Size', values: ['M', 'm', ' ', 'L'] } });
    expect(s.options[0]?.values).toEqual(['M', 'L']);
  });

  it('sums stock upwards, level by level', () => {
    const s = run(
      colour,
      size,
      fabric,
      { type: 'setStock', path: [0, 0, 0], stock: 5 },
      { type: 'setStock', path: [0, 1, 0], stock: 7 },
    );
    expect(s.variants[0]?.subVariants.map((x) => x.stock)).toEqual([5, 7]);
    expect(s.variants[0]?.totalStock).toBe(12);
    expect(s.variants[1]?.totalStock).toBe(2);
    expect(productStock(s)).toBe(14);
  });

  it('never lets a derived total fall below 1', () => {
    const s = run(
      colour,
      size,
      { type: 'setStock', path: [0, 0], stock: 0 },
      { type: 'setStock', path: [0, 1], stock: 0 },
    );
    expect(s.variants[0]?.subVariants.map((x) => x.stock)).toEqual([0, 0]);
    expect(s.variants[0]?.totalStock).toBe(1);
  });

  it('only sets stock on the lowest level (totals are derived)', () => {
    const s = run(colour, size);
    expect(variantReducer(s, { type: 'setStock', path: [0], stock: 99 })).toBe(s);
    expect(variantReducer(s, { type: 'setStock', path: [0, 0], stock: -1 })).toBe(s);
  });

  it('clears everything when the first option is deleted', () => {
    expect(run(colour, size, fabric, { type: 'removeOption', level: 1 })).toEqual(emptyVariants);
  });

  it('clears sub-variants (and below) when the second option is deleted, keeping the first level', () => {
    const s = run(
      colour,
      size,
      fabric,
      { type: 'setPrice', path: [0], price: 15000 },
      { type: 'removeOption', level: 2 },
    );
    expect(s.options.map((o) => o.name)).toEqual(['Colour']);
    expect(s.variants.map((v) => [v.value, v.subVariants.length, v.price])).toEqual([
      ['Red', 0, 15000],
      ['Blue', 0, null],
    ]);
  });

  it('clears sub-sub-variants when the third option is deleted', () => {
    const s = run(colour, size, fabric, { type: 'removeOption', level: 3 });
    expect(s.variants.flatMap((v) => v.subVariants.map((x) => x.subSubVariants.length))).toEqual([
      0, 0, 0, 0,
    ]);
  });

  it('keeps what the seller typed when a value is added to an option', () => {
    let s: VariantState = run(
      colour,
      size,
      { type: 'setStock', path: [0, 1], stock: 4 },
      { type: 'setPrice', path: [0, 1], price: 9500 },
    );
    s = variantReducer(s, { type: 'setOptionValues', level: 2, values: ['M', 'XL', 'XXL'] });
    const red = s.variants[0]?.subVariants.map((x) => [x.value, x.stock, x.price]);
    expect(red).toEqual([
      ['M', 1, null],
      ['XL', 4, 9500],
      ['XXL', 1, null],
    ]);
  });

  it('applies a price and stock to every combination at once', () => {
    const s = run(colour, size, { type: 'applyToAll', price: 12500, stock: 3 });
    const leaves = s.variants.flatMap((v) => v.subVariants.map((x) => [x.price, x.stock]));
    expect(leaves).toEqual([
      [12500, 3],
      [12500, 3],
      [12500, 3],
      [12500, 3],
    ]);
    expect(s.variants.map((v) => [v.price, v.totalStock])).toEqual([
      [12500, 6],
      [12500, 6],
    ]);
  });

  it('refuses a negative price', () => {
    const s = run(colour);
    expect(variantReducer(s, { type: 'setPrice', path: [0], price: -1 })).toBe(s);
  });

  it('renames an option on every variant of its level', () => {
    const s = run(colour, size, { type: 'renameOption', level: 2, name: 'Shoe size' });
    expect(s.variants[1]?.subVariants.map((x) => x.name)).toEqual(['Shoe size', 'Shoe size']);
    expect(s.variants[0]?.name).toBe('Colour');
  });
});

describe("a variant's photos", () => {
  const red = '/api/media/products/s/red.webp';
  const redBack = '/api/media/products/s/red-back.webp';
  const blue = '/api/media/products/s/blue.webp';
  const withRedPhotos = (...more: VariantAction[]) =>
    run(colour, size, { type: 'setImages', path: [0], images: [red, redBack] }, ...more);

  it('sets and clears the photos of one variant at any level, touching no other', () => {
    const s = withRedPhotos({ type: 'setImages', path: [1, 1], images: [blue] });
    expect(imagesAt(s, [0])).toEqual([red, redBack]);
    expect(imagesAt(s, [1, 1])).toEqual([blue]);
    expect(imagesAt(s, [1])).toEqual([]);
    expect(imagesAt(s, [0, 0])).toEqual([]);

    const cleared = variantReducer(s, { type: 'setImages', path: [0], images: [] });
    expect(imagesAt(cleared, [0])).toEqual([]);
    expect(imagesAt(cleared, [1, 1])).toEqual([blue]);
  });

  it('keeps each photo once, drops blanks and stops at the limit', () => {
    const many = Array.from({ length: MAX_VARIANT_PHOTOS + 3 }, (_, i) => `/api/media/products/s/${i}.webp`);
    const s = run(colour, { type: 'setImages', path: [0], images: [red, ' ', red, ...many] });
    expect(imagesAt(s, [0])).toHaveLength(MAX_VARIANT_PHOTOS);
    expect(imagesAt(s, [0]).slice(0, 2)).toEqual([red, many[0]]);
  });

  it('ignores a path that names no variant', () => {
    const s = run(colour);
    expect(variantReducer(s, { type: 'setImages', path: [5], images: [red] })).toBe(s);
    expect(variantReducer(s, { type: 'setImages', path: [0, 0], images: [red] })).toBe(s);
  });

  it('keeps the photos when prices and stock change, one by one or all at once', () => {
    const s = withRedPhotos(
      { type: 'setImages', path: [0, 1], images: [blue] },
      { type: 'setPrice', path: [0], price: 18000 },
      { type: 'setStock', path: [0, 1], stock: 9 },
      { type: 'setPrice', path: [0, 1], price: 19000 },
      { type: 'applyToAll', price: 20000, stock: 4 },
      { type: 'renameOption', level: 1, name: 'Color' },
    );
    expect(imagesAt(s, [0])).toEqual([red, redBack]);
    expect(imagesAt(s, [0, 1])).toEqual([blue]);
    expect(s.variants[0]?.totalStock).toBe(8);
  });

  it('keeps the photos of the values that stay when values are added, removed or a lower option changes', () => {
    let s = withRedPhotos({ type: 'setImages', path: [1], images: [blue] });
    s = variantReducer(s, { type: 'setOptionValues', level: 1, values: ['Green', 'Blue', 'Red'] });
    expect(s.variants.map((v) => [v.value, v.images])).toEqual([
      ['Green', []],
      ['Blue', [blue]],
      ['Red', [red, redBack]],
    ]);
    s = variantReducer(s, fabric);
    s = variantReducer(s, { type: 'removeOption', level: 2 });
    expect(imagesAt(s, [2])).toEqual([red, redBack]);
  });

  it("clears a variant's photos when its option value is deleted, so the value comes back without them", () => {
    let s = withRedPhotos({ type: 'setImages', path: [0, 1], images: [blue] });
    s = variantReducer(s, { type: 'setOptionValues', level: 2, values: ['M'] });
    s = variantReducer(s, { type: 'setOptionValues', level: 2, values: ['M', 'XL'] });
    expect(imagesAt(s, [0, 1])).toEqual([]);
    expect(imagesAt(s, [0])).toEqual([red, redBack]);

    s = variantReducer(s, { type: 'setOptionValues', level: 1, values: ['Blue'] });
    s = variantReducer(s, { type: 'setOptionValues', level: 1, values: ['Blue', 'Red'] });
    expect(imagesAt(s, [1])).toEqual([]);
    expect(
      run(colour, { type: 'setImages', path: [0], images: [red] }, { type: 'removeOption', level: 1 }),
    ).toEqual(emptyVariants);
  });

  it("offers the product's photos, then every photo a variant carries, each once", () => {
    const s = withRedPhotos({ type: 'setImages', path: [1, 0], images: [blue, red] });
    expect(photoPool([redBack, '/api/media/products/s/cover.webp'], s)).toEqual([
      redBack,
      '/api/media/products/s/cover.webp',
      red,
      blue,
    ]);
  });
});
