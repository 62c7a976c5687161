import type { CouponCheckResponse } from '@kasuwa/contracts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { type AppliedCoupon, CouponField } from '@/features/checkout/coupon-field';
import { bodyCheck } from '@/test/contract-fake';
import { fakeApiClient } from '@/test/in-memory-api';

const item = { productId: '11111111-1111-4111-8111-111111111111', variant: [], quantity: 2 };

function Harness({ answer }: { answer: (code: string) => CouponCheckResponse }) {
  const { refusal } = bodyCheck();
  const [api] = useState(
    () =>
      fakeApiClient(
        (call) => refusal(call) ?? { status: 200, body: answer((call.body as { code: string }).code) },
      ).api,
  );
  const [applied, setApplied] = useState<AppliedCoupon | null>(null);
  return (
    <>
      <CouponField api={api} item={item} applied={applied} onApplied={setApplied} />
      <output data-testid="applied">{applied ? `${applied.code}:${applied.discount}` : 'none'}</output>
    </>
  );
}

describe('the checkout coupon field', () => {
  it('applies a code the server accepts and shows what the buyer saves; removing it clears it', async () => {
    render(
      <Harness
        answer={(code) => ({ valid: true, code: code.toUpperCase(), discount: 3000, description: '10% off' })}
      />,
    );
    await userEvent.type(screen.getByLabelText('Coupon code'), 'save10');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('SAVE10 applied')).toBeVisible();
    expect(screen.getByText('10% off — you save ₦3,000.00')).toBeVisible();
    expect(screen.getByTestId('applied')).toHaveTextContent('SAVE10:3000');
    await userEvent.click(screen.getByRole('button', { name: 'Remove coupon SAVE10' }));
    expect(screen.getByTestId('applied')).toHaveTextContent('none');
  });

  it('shows the refusal in the server’s words and applies nothing', async () => {
    render(
      <Harness
        answer={() => ({
          valid: false,
          reason: 'show_not_live',
          message: 'This code only works while the live show "Friday flash sale" is on',
        })}
      />,
    );
    await userEvent.type(screen.getByLabelText('Coupon code'), 'FLASH{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This code only works while the live show "Friday flash sale" is on',
    );
    expect(screen.getByLabelText('Coupon code')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByTestId('applied')).toHaveTextContent('none');
  });
});
