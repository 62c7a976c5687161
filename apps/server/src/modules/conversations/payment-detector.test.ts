import { describe, expect, it } from 'vitest';
import { detectOffPlatformPayment as detect } from '@/modules/conversations/payment-detector.ts';

describe('the off-platform payment detector', () => {
  it('flags a 10-digit account number next to a bank name', () => {
    expect(detect('GTB 0123456789 Adaeze Okafor')).toEqual(['bank_account']);
    expect(detect('Opay: 812 345 6789')).toEqual(['bank_account']);
    expect(detect('acct no. 0123-456-789 zenith')).toContain('bank_account');
  });

  it('leaves a 10-digit number with no bank word alone', () => {
    expect(detect('My order reference is 1234567890')).toEqual([]);
  });

  it('flags asking to pay into an account or by direct transfer', () => {
    expect(detect('Can I pay to your account instead?')).toEqual(['off_platform_request']);
    expect(detect('Abeg send me your account number')).toEqual(['off_platform_request']);
    expect(detect('I will transfer directly, is that ok')).toEqual(['off_platform_request']);
    expect(detect('Let us do bank transfer')).toEqual(['off_platform_request']);
    expect(detect('we can settle outside the app')).toEqual(['off_platform_request']);
    expect(detect('Transfer to my Opay')).toEqual(['off_platform_request']);
  });

  it('flags a Nigerian phone number given for payment', () => {
    expect(detect('Pay with palmpay 08031234567')).toContain('payment_phone');
    expect(detect('send the money to +234 803 123 4567')).toEqual(['off_platform_request', 'payment_phone']);
  });

  it('does not flag a phone number for delivery, nor everyday questions about paying here', () => {
    expect(detect('Call me on 08031234567 when the rider is close')).toEqual([]);
    expect(detect('Is it available in size 42? How much is delivery to Ikeja?')).toEqual([]);
    expect(detect('I have paid on the app, please ship today')).toEqual([]);
    expect(detect('Can I pay on delivery?')).toEqual([]);
  });

  it('reports every kind it finds, always in the same order', () => {
    expect(detect('Pay into my account: Kuda 2012345678, or palmpay 07012345678')).toEqual([
      'bank_account',
      'off_platform_request',
      'payment_phone',
    ]);
  });
});
