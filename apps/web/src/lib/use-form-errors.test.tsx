import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useFormErrors } from '@/lib/use-form-errors';

describe('useFormErrors', () => {
  it('hides an error once its field changes, and keeps the others', () => {
    const { result, rerender } = renderHook(
      ({ values }) => useFormErrors<'carrier' | 'tracking' | 'upload'>(values),
      { initialProps: { values: { carrier: '', tracking: 'x'.repeat(81) } as Record<string, unknown> } },
    );
    act(() =>
      result.current[1]({
        carrier: 'Carrier is required',
        tracking: 'Tracking number must be at most 80 characters',
        upload: 'The photo could not be sent',
      }),
    );
    expect(result.current[0]).toEqual({
      carrier: 'Carrier is required',
      tracking: 'Tracking number must be at most 80 characters',
      upload: 'The photo could not be sent',
    });

    rerender({ values: { carrier: 'GIG Logistics', tracking: 'x'.repeat(81) } });
    expect(result.current[0]).toEqual({
      tracking: 'Tracking number must be at most 80 characters',
      upload: 'The photo could not be sent',
    });

    // An updater (an upload's error going) keeps the corrected carrier's error hidden.
    act(() => result.current[1](({ upload: _, ...rest }) => rest));
    expect(result.current[0]).toEqual({ tracking: 'Tracking number must be at most 80 characters' });
    rerender({ values: { carrier: 'GIG Logistics', tracking: 'x'.repeat(81) } });
    expect(result.current[0]).toEqual({ tracking: 'Tracking number must be at most 80 characters' });

    // Sent again with the same wrong value: the error is back.
    rerender({ values: { carrier: '', tracking: 'x'.repeat(81) } });
    act(() => result.current[1]({ carrier: 'Carrier is required' }));
    expect(result.current[0]).toEqual({ carrier: 'Carrier is required' });
  });
});
