import {
  FULFILMENT_STATUS_LABELS,
  ORDER_TAB_LABELS,
  orderSortSchema,
  orderTabSchema,
  PAYMENT_STATUS_LABELS,
  variantLabel,
} from '@kasuwa/contracts';
import { describe, expect, it } from 'vitest';
import {
  FULFILMENT_STATUS_TEXT,
  ORDER_SORTS,
  ORDER_TAB_TEXT,
  ORDER_TABS,
  PAYMENT_STATUS_TEXT,
  variantText,
} from '@/features/orders/order-labels';

describe('the order words the screens show', () => {
  it('are the contract’s, word for word', () => {
    expect(ORDER_TAB_TEXT).toEqual(ORDER_TAB_LABELS);
    expect(PAYMENT_STATUS_TEXT).toEqual(PAYMENT_STATUS_LABELS);
    expect(FULFILMENT_STATUS_TEXT).toEqual(FULFILMENT_STATUS_LABELS);
    expect(ORDER_TABS).toEqual(orderTabSchema.options);
    expect(ORDER_SORTS).toEqual(orderSortSchema.options);
    const variant = [
      { name: 'Colour', value: 'Red' },
      { name: 'Size', value: 'XL' },
    ];
    expect(variantText(variant)).toBe(variantLabel(variant));
  });
});
