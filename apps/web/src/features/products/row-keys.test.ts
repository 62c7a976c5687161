import { describe, expect, it } from 'vitest';
import { NO_ROWS, rowKeys } from '@/features/products/row-keys';

describe('rowKeys', () => {
  it('keys a first list by the products’ ids', () => {
    expect(rowKeys(NO_ROWS, ['a', 'b'], true).keys).toEqual(['a', 'b']);
  });

  it('keeps each listed product’s key after a delete, a reorder or a product coming in', () => {
    const page = rowKeys(NO_ROWS, ['a', 'b', 'c'], true);
    expect(rowKeys(page, ['a', 'c'], true).keys).toEqual(['a', 'c']);
    expect(rowKeys(page, ['c', 'a', 'b'], true).keys).toEqual(['c', 'a', 'b']);
    expect(rowKeys(rowKeys(page, ['a', 'c'], true), ['a', 'c', 'd'], true).keys).toEqual(['a', 'c', 'd']);
  });

  it('gives a page turn’s products the rows of the products that left, in order', () => {
    const page1 = rowKeys(NO_ROWS, ['a', 'b', 'c'], true);
    const page2 = rowKeys(page1, ['d', 'e', 'f'], true);
    expect(page2.keys).toEqual(['a', 'b', 'c']);
    // A shorter last page takes the first rows; back on the first page every row is its own again.
    const page3 = rowKeys(page2, ['g'], true);
    expect(page3.keys).toEqual(['a']);
    expect(rowKeys(page3, ['a', 'b', 'c'], true).keys).toEqual(['a', 'b', 'c']);
  });

  it('reuses only the rows of products that left, never a listed product’s row', () => {
    const page = rowKeys(NO_ROWS, ['a', 'b', 'c'], true);
    expect(rowKeys(page, ['b', 'x', 'y'], true).keys).toEqual(['b', 'a', 'c']);
  });

  it('reuses no row while focus is inside the list', () => {
    const page1 = rowKeys(NO_ROWS, ['a', 'b'], true);
    expect(rowKeys(page1, ['c', 'd'], false).keys).toEqual(['c', 'd']);
  });

  it('never gives two rows one key', () => {
    // 'b' holds the row keyed 'a' after a turn; 'a' coming back beside it gets a key of its own.
    const turned = rowKeys(rowKeys(NO_ROWS, ['a'], true), ['b'], true);
    expect(turned.keys).toEqual(['a']);
    const keys = rowKeys(turned, ['b', 'a'], false).keys;
    expect(keys[0]).toBe('a');
    expect(new Set(keys).size).toBe(2);
  });
});
