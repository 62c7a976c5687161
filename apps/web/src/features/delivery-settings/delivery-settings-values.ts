import { zodResolver } from '@hookform/resolvers/zod';
import { type DeliverySettings, deliverySettingsSchema } from '@kasuwa/contracts';
import { searchStates } from '@kasuwa/reference-data';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { z } from 'zod';
import { parseNairaInput } from '@/lib/money';

/*
 * The form keeps what the seller typed (amounts as text, so '1,500.' survives a keystroke); the
 * resolver builds the contract's body from it and checks it with the contract's own schema, whose
 * paths the form's names mirror, so errors land under the right field.
 */

export interface DeliveryFormValues {
  shipping: { enabled: boolean; fees: Array<{ state: string; fee: string }> };
  pickup: { enabled: boolean };
  payOnDelivery: { enabled: boolean; cap: string };
  lowStockThreshold: string;
  paymentWindowHours: string;
}

/** Nigeria's 36 states and the FCT, by the names the API uses. */
export const NIGERIAN_STATES = searchStates('nigeria');

const amountText = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(2));

export function toFormValues(settings: DeliverySettings): DeliveryFormValues {
  return {
    shipping: {
      enabled: settings.shipping.enabled,
      fees: settings.shipping.fees.map((f) => ({ state: f.state, fee: amountText(f.fee) })),
    },
    pickup: { enabled: settings.pickup.enabled },
    payOnDelivery: { enabled: settings.payOnDelivery.enabled, cap: amountText(settings.payOnDelivery.cap) },
    lowStockThreshold: String(settings.lowStockThreshold),
    paymentWindowHours: String(settings.paymentWindowHours),
  };
}

/** A box left empty is NaN, so the schema refuses it (in the words reworded below). */
const amount = (text: string) => parseNairaInput(text) ?? Number.NaN;
const count = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.trim()));

export function toBody(values: DeliveryFormValues): DeliverySettings {
  return {
    shipping: {
      enabled: values.shipping.enabled,
      fees: values.shipping.fees.map((f) => ({ state: f.state, fee: amount(f.fee) })),
    },
    pickup: { enabled: values.pickup.enabled },
    payOnDelivery: { enabled: values.payOnDelivery.enabled, cap: amount(values.payOnDelivery.cap) },
    lowStockThreshold: count(values.lowStockThreshold),
    paymentWindowHours: count(values.paymentWindowHours),
  };
}

const schema = z
  .preprocess((values: DeliveryFormValues) => toBody(values), deliverySettingsSchema)
  .superRefine((body, ctx) => {
    const seen = new Set<string>();
    body.shipping.fees.forEach((row, i) => {
      if (seen.has(row.state)) {
        ctx.addIssue({
          code: 'custom',
          path: ['shipping', 'fees', i, 'state'],
          message: 'This state is listed twice',
        });
      }
      seen.add(row.state);
    });
  });

/** Plainer words than the schema's for the whole-number boxes and a state left unchosen. */
function reword(errors: FieldErrors<DeliveryFormValues>) {
  if (errors.lowStockThreshold) errors.lowStockThreshold.message = 'Enter a whole number from 0 to 1000';
  if (errors.paymentWindowHours) errors.paymentWindowHours.message = 'Enter whole hours from 1 to 168';
  const fees = errors.shipping?.fees;
  if (Array.isArray(fees)) {
    for (const row of fees) {
      if (row?.state && row.state.type !== 'custom') row.state.message = 'Choose a state';
    }
  }
}

export function deliveryResolver(): Resolver<DeliveryFormValues, unknown, DeliverySettings> {
  const resolve = zodResolver(schema) as unknown as Resolver<DeliveryFormValues, unknown, DeliverySettings>;
  return async (values, context, options) => {
    const result = await resolve(values, context, options);
    reword(result.errors);
    return result;
  };
}
