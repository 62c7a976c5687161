import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { serverFieldErrors, useServerFieldErrors } from '@/lib/field-errors';

const badRequest = (issues: Array<{ path: string; message: string }>) =>
  new ApiError({
    status: 400,
    kind: 'http',
    message: `Invalid request body: ${issues[0]?.path}: ${issues[0]?.message}`,
    body: { message: 'Invalid request body', issues },
  });

describe('serverFieldErrors', () => {
  it("keys each issue's message by its path, the first one per path winning", () => {
    const error = badRequest([
      { path: 'businessAddress.zipCode', message: 'Business address zip code is required' },
      { path: 'businessType', message: 'Business Type must be at most 60 characters' },
      { path: 'businessType', message: 'a second problem' },
      { path: '', message: 'Unknown field: extra' },
    ]);
    expect(serverFieldErrors(error)).toEqual({
      'businessAddress.zipCode': 'Business address zip code is required',
      businessType: 'Business Type must be at most 60 characters',
    });
  });

  it('finds nothing in errors without issues', () => {
    expect(serverFieldErrors(new ApiError({ status: 413, kind: 'http', message: 'too big' }))).toEqual({});
    expect(serverFieldErrors(new Error('boom'))).toEqual({});
  });
});

describe('useServerFieldErrors', () => {
  it('shows, replaces and clears messages by path and by group', () => {
    const { result } = renderHook(() => useServerFieldErrors());
    act(() =>
      result.current.show(
        badRequest([
          { path: 'warehouseDetails.address.zipCode', message: 'Warehouse zip code is required' },
          { path: 'warehouseDetails.name', message: 'Warehouse name is required' },
        ]),
      ),
    );
    expect(result.current.errorFor('warehouseDetails.name')).toBe('Warehouse name is required');
    expect(result.current.errorUnder('warehouseDetails.address')).toBe('Warehouse zip code is required');

    act(() => result.current.clear('warehouseDetails.address'));
    expect(result.current.errorUnder('warehouseDetails.address')).toBeUndefined();
    expect(result.current.errorFor('warehouseDetails.name')).toBe('Warehouse name is required');

    act(() =>
      result.current.show(badRequest([{ path: 'categories', message: 'Select at least one category' }])),
    );
    expect(result.current.errorFor('warehouseDetails.name')).toBeUndefined();
    expect(result.current.errorUnder('categories')).toBe('Select at least one category');
  });

  it('keeps the same object when a cleared path had no message', () => {
    const { result } = renderHook(() => useServerFieldErrors());
    const before = result.current;
    act(() => result.current.clear('businessName'));
    expect(result.current).toBe(before);
  });
});
