import {
  RETURN_METHOD_LABELS,
  RETURN_REASON_LABELS,
  RETURN_STATUS_LABELS,
  RETURN_TAB_LABELS,
  returnMethodSchema,
  returnReasonSchema,
  returnTabSchema,
  sellerReturnActionSchema,
  variantLabel,
} from '@kasuwa/contracts';
import { describe, expect, it } from 'vitest';
import {
  RETURN_ACTIONS,
  RETURN_METHOD_TEXT,
  RETURN_METHODS,
  RETURN_REASON_TEXT,
  RETURN_REASONS,
  RETURN_STATUS_TEXT,
  RETURN_TAB_TEXT,
  RETURN_TABS,
  variantText,
} from '@/features/returns/return-labels';

describe('the return words the screens show', () => {
  it('are the contract’s, word for word', () => {
    expect(RETURN_TAB_TEXT).toEqual(RETURN_TAB_LABELS);
    expect(RETURN_STATUS_TEXT).toEqual(RETURN_STATUS_LABELS);
    expect(RETURN_REASON_TEXT).toEqual(RETURN_REASON_LABELS);
    expect(RETURN_METHOD_TEXT).toEqual(RETURN_METHOD_LABELS);
    expect(RETURN_TABS).toEqual(returnTabSchema.options);
    expect(RETURN_REASONS).toEqual(returnReasonSchema.options);
    expect(RETURN_METHODS).toEqual(returnMethodSchema.options);
    expect([...RETURN_ACTIONS].sort()).toEqual([...sellerReturnActionSchema.options].sort());
    const variant = [
      { name: 'Colour', value: 'Red' },
      { name: 'Size', value: 'XL' },
    ];
    expect(variantText(variant)).toBe(variantLabel(variant));
  });
});
