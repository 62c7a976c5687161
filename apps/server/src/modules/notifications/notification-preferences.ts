import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  NOTIFICATION_GROUP_OF,
  type NotificationGroup,
  type NotificationPreferences,
  type NotificationType,
  notificationGroup,
} from '@kasuwa/contracts';
import { eq } from 'drizzle-orm';
import { sellers } from '@/db/schema/index.ts';
import type { Queryable } from '@/lib/queryable.ts';

/** The seller's saved preferences over the defaults (a group never saved keeps its default). */
export function preferencesOf(row: {
  notificationPreferences: Record<string, { inApp: boolean; email: boolean }> | null;
}): NotificationPreferences {
  const saved = row.notificationPreferences ?? {};
  const out = { ...DEFAULT_NOTIFICATION_PREFERENCES };
  for (const group of notificationGroup.options) {
    const value = saved[group];
    if (value && typeof value.inApp === 'boolean' && typeof value.email === 'boolean') out[group] = value;
  }
  return out;
}

/**
 * Whether a seller wants this kind of notice on this channel. Types outside every group (welcome,
 * account approval) always go out; security e-mails (sign-in codes, password, payout bank changes)
 * never ask at all.
 */
export function wants(
  preferences: NotificationPreferences,
  type: NotificationType | NotificationGroup,
  channel: 'inApp' | 'email',
): boolean {
  const group = (notificationGroup.options as readonly string[]).includes(type)
    ? (type as NotificationGroup)
    : NOTIFICATION_GROUP_OF[type as NotificationType];
  return group === null ? true : preferences[group][channel];
}

/** The one lookup every caller uses: the seller's preferences, read in the caller's transaction. */
export async function sellerWants(
  q: Queryable,
  sellerId: string,
  type: NotificationType | NotificationGroup,
  channel: 'inApp' | 'email',
): Promise<boolean> {
  const [row] = await q
    .select({ notificationPreferences: sellers.notificationPreferences })
    .from(sellers)
    .where(eq(sellers.id, sellerId))
    .limit(1);
  return row ? wants(preferencesOf(row), type, channel) : true;
}
