import { z } from 'zod';
import { streamCommentSchema } from './live.ts';
import { lineText } from './text.ts';

/**
 * Issue 21, "The seller's command of the room": moderators of a store, muted words, slow mode,
 * a pinned comment and a co-host. The HTTP shapes are the seller's settings; what happens in the
 * room (remove, mute, pin) goes over the live socket, with the events below.
 */

/** Slow mode: 0 is off; otherwise one comment per this many seconds per viewer. */
export const SLOW_MODE_CHOICES = [0, 5, 10, 15, 30, 60, 120, 300] as const;
export const MAX_SLOW_MODE_SECONDS = 300;
export const MAX_MUTED_WORDS = 200;
export const MAX_MUTED_WORD_LENGTH = 40;
export const MAX_STORE_MODERATORS = 50;

// ---- HTTP: the seller's store-level settings ----

export const storeModeratorSchema = z.object({
  buyerId: z.string(),
  name: z.string(),
  /** ISO-8601. */
  addedAt: z.string(),
});
export type StoreModerator = z.infer<typeof storeModeratorSchema>;

/** GET /api/live/moderation: the store's moderators and muted words. */
export const storeModerationResponse = z.object({
  moderators: z.array(storeModeratorSchema),
  mutedWords: z.array(z.string()),
});
export type StoreModerationResponse = z.infer<typeof storeModerationResponse>;

/** POST /api/live/moderators: name a buyer (a viewer of the seller's shows) a moderator. */
export const addModeratorBody = z.strictObject({ buyerId: z.uuid('Buyer not found') });
export type AddModeratorBody = z.infer<typeof addModeratorBody>;
export const moderatorParams = z.object({ buyerId: z.uuid('Buyer not found') });
export const moderatorsResponse = z.object({
  message: z.string(),
  moderators: z.array(storeModeratorSchema),
});
export type ModeratorsResponse = z.infer<typeof moderatorsResponse>;

/** A muted word or phrase: matched without regard to case, as whole words. */
export const mutedWord = lineText()
  .trim()
  .min(1, 'Write a word')
  .max(MAX_MUTED_WORD_LENGTH, `At most ${MAX_MUTED_WORD_LENGTH} characters a word`);

/** PUT /api/live/muted-words: the whole list (duplicates, in any case, are kept once). */
export const mutedWordsBody = z.strictObject({
  words: z.array(mutedWord).max(MAX_MUTED_WORDS, `At most ${MAX_MUTED_WORDS} muted words`),
});
export type MutedWordsBody = z.infer<typeof mutedWordsBody>;
export const mutedWordsResponse = z.object({ message: z.string(), mutedWords: z.array(z.string()) });
export type MutedWordsResponse = z.infer<typeof mutedWordsResponse>;

// ---- HTTP: one show ----

/** PUT /api/streams/{id}/slow-mode. */
export const slowModeBody = z.strictObject({
  seconds: z
    .number()
    .int('Whole seconds')
    .min(0, 'At least 0 seconds')
    .max(MAX_SLOW_MODE_SECONDS, `At most ${MAX_SLOW_MODE_SECONDS} seconds`),
});
export type SlowModeBody = z.infer<typeof slowModeBody>;
export const slowModeResponse = z.object({ message: z.string(), slowModeSeconds: z.number().int() });

export const cohostSchema = z.object({
  sellerId: z.string(),
  storeName: z.string(),
  email: z.string(),
});
export type Cohost = z.infer<typeof cohostSchema>;

/** GET /api/streams/{id}/moderation (the show's seller): the room's settings and who is muted. */
export const showModerationResponse = z.object({
  slowModeSeconds: z.number().int(),
  cohost: cohostSchema.nullable(),
  muted: z.array(z.object({ buyerId: z.string(), name: z.string() })),
});
export type ShowModerationResponse = z.infer<typeof showModerationResponse>;

/** PUT /api/streams/{id}/cohost: invite a second seller account, by its e-mail. */
export const inviteCohostBody = z.strictObject({ email: z.email('Enter a valid e-mail address').max(254) });
export type InviteCohostBody = z.infer<typeof inviteCohostBody>;
export const cohostResponse = z.object({ message: z.string(), cohost: cohostSchema.nullable() });
export type CohostResponse = z.infer<typeof cohostResponse>;

/** GET /api/live/cohosting: the shows (not ended) another seller invited this seller to co-host. */
export const cohostingShowSchema = z.object({
  streamId: z.string(),
  title: z.string(),
  type: z.enum(['live_show', 'live_auction']),
  status: z.enum(['scheduled', 'live']),
  hostStoreName: z.string(),
  /** ISO-8601. */
  scheduledStartTime: z.string(),
});
export type CohostingShow = z.infer<typeof cohostingShowSchema>;
export const cohostingResponse = z.object({ shows: z.array(cohostingShowSchema) });
export type CohostingResponse = z.infer<typeof cohostingResponse>;

/**
 * GET /api/streams/{id}/room (public; a buyer's token adds `you`): what every watch page draws
 * of the room besides the chat, and what this buyer may do in it.
 */
export const roomStateResponse = z.object({
  slowModeSeconds: z.number().int(),
  pinnedComment: streamCommentSchema.nullable(),
  you: z.object({ moderator: z.boolean(), muted: z.boolean() }).nullable(),
});
export type RoomStateResponse = z.infer<typeof roomStateResponse>;

// ---- Socket ----

export const moderationSocketEvents = {
  /** Client → server, acknowledged with `socketAck`: `ModerationAction`. */
  moderate: 'chat_moderate',
  /** Server → room: a comment was removed; every viewer drops it. */
  commentRemoved: 'chat_comment_removed',
  /** Server → room: the pinned comment changed (null: unpinned). */
  commentPinned: 'chat_comment_pinned',
  /** Server → room: slow mode changed. */
  slowMode: 'chat_slow_mode',
  /** Server → one buyer: they were muted or unmuted in a show. */
  muted: 'chat_muted',
} as const;

const streamId = z.uuid('Stream not found');
const commentId = z.uuid('Comment not found');
const buyerId = z.uuid('Viewer not found');

/** `chat_moderate`: what a moderator or the show's seller does to the room. */
export const moderationAction = z.discriminatedUnion('action', [
  z.strictObject({ action: z.literal('remove'), streamId, commentId }),
  z.strictObject({ action: z.literal('mute'), streamId, buyerId }),
  z.strictObject({ action: z.literal('unmute'), streamId, buyerId }),
  z.strictObject({ action: z.literal('pin'), streamId, commentId }),
  z.strictObject({ action: z.literal('unpin'), streamId }),
]);
export type ModerationAction = z.infer<typeof moderationAction>;

export const commentRemovedEvent = z.object({ streamId: z.string(), commentId: z.string() });
export type CommentRemovedEvent = z.infer<typeof commentRemovedEvent>;
export const commentPinnedEvent = z.object({ streamId: z.string(), comment: streamCommentSchema.nullable() });
export type CommentPinnedEvent = z.infer<typeof commentPinnedEvent>;
export const slowModeEvent = z.object({ streamId: z.string(), seconds: z.number().int() });
export type SlowModeEvent = z.infer<typeof slowModeEvent>;
export const mutedEvent = z.object({ streamId: z.string(), muted: z.boolean() });
export type MutedEvent = z.infer<typeof mutedEvent>;

/** The refusals a viewer reads under the comment box. */
export const MODERATION_MESSAGES = {
  muted: 'A moderator muted you in this show. You can still watch and bid.',
  slowMode: (seconds: number) =>
    `Slow mode is on. Wait ${seconds} ${seconds === 1 ? 'second' : 'seconds'} before your next comment.`,
  notModerator: 'Only the show’s seller and moderators can do that',
} as const;

/** The seconds a slow-mode refusal asks to wait (the watch page counts them down), or null. */
export function slowModeWaitOf(message: string): number | null {
  const match = /^Slow mode is on\. Wait (\d+) seconds?/.exec(message);
  return match ? Number(match[1]) : null;
}

/** Whether a comment contains one of the muted words (case-insensitive, whole words or phrases). */
export function containsMutedWord(content: string, words: readonly string[]): boolean {
  if (words.length === 0) return false;
  const text = ` ${content.toLocaleLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ')} `;
  return words.some((word) => {
    const w = word
      .toLocaleLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim();
    return w !== '' && text.includes(` ${w} `);
  });
}
