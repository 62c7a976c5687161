// size: the studio's whole Room tab (slow mode, co-host, moderators, muted viewers and words) and the seller's comment menu, one concern
import {
  MAX_MUTED_WORD_LENGTH,
  MAX_MUTED_WORDS,
  type ModerationAction,
  type RoomStateResponse,
  SLOW_MODE_CHOICES,
} from '@kasuwa/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import {
  moderationKeys,
  moderationQueries,
  moderationWrites,
} from '@/features/live/studio/moderation-queries';
import type { ChatItem } from '@/features/live-room/chat';
import type { LiveSocketLike } from '@/features/live-room/live-socket';
import { type CommentAction, CommentMenu } from '@/features/live-room/moderation-controls';
import {
  type RoomModeration,
  roomModerationKeys,
  useRoomModeration,
} from '@/features/live-room/room-moderation';
import type { ApiClient } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { Button } from '@/ui/button';
import { ChipsInput } from '@/ui/chips-input';
import { SelectBox } from '@/ui/form-parts';
import { Input } from '@/ui/input';

/**
 * Issue 21 in the studio: the seller's menu on each comment (pin, remove, mute, make moderator)
 * and the Room tab (slow mode, co-host, moderators, muted viewers, muted words).
 */
export function useStudioModeration({
  api,
  streamId,
  socket,
}: {
  api: ApiClient;
  streamId: string;
  socket: LiveSocketLike | null;
}) {
  const client = useQueryClient();
  const room = useRoomModeration({ api, streamId, socket, viewer: 'seller' });
  const store = useQuery(moderationQueries.store(api));
  const show = useQuery(moderationQueries.show(api, streamId));
  // Kept between renders, so the comments' menus (and the memoised comment rows) change only when
  // the moderators or the muted buyers do, not at every bid.
  const moderators = store.data?.moderators;
  const muted = show.data?.muted;
  const moderatorIds = useMemo(() => new Set(moderators?.map((m) => m.buyerId) ?? []), [moderators]);
  const mutedIds = useMemo(() => new Set(muted?.map((m) => m.buyerId) ?? []), [muted]);

  const naming = useMutation({
    mutationFn: ({ buyerId, add }: { buyerId: string; add: boolean }) =>
      add ? moderationWrites.addModerator(api, buyerId) : moderationWrites.removeModerator(api, buyerId),
    meta: { errorToast: 'Could not change the moderators' },
    onSuccess: (answer) => {
      client.setQueryData(moderationKeys.store(), (old: typeof store.data) =>
        old ? { ...old, moderators: answer.moderators } : old,
      );
      toast.success(answer.message);
    },
  });

  const { moderate } = room;
  const act = useCallback(
    async (action: ModerationAction, done: string) => {
      const outcome = await moderate(action);
      if (outcome.ok) {
        toast.success(done);
        if (action.action === 'mute' || action.action === 'unmute')
          void client.invalidateQueries({ queryKey: moderationKeys.show(streamId) });
      } else toast.error('That did not work', outcome.message);
    },
    [moderate, client, streamId],
  );

  const nameModerator = naming.mutate;
  const commentActions = useCallback(
    (item: ChatItem): ReactNode => {
      if (item.kind !== 'comment') return null;
      const authorId = item.author._id;
      const name = item.author.name;
      const actions: CommentAction[] = [
        {
          label: 'Pin comment',
          onSelect: () => void act({ action: 'pin', streamId, commentId: item.id }, 'Comment pinned'),
        },
        {
          label: 'Remove comment',
          danger: true,
          onSelect: () => void act({ action: 'remove', streamId, commentId: item.id }, 'Comment removed'),
        },
      ];
      if (item.author.role === 'buyer' && authorId) {
        actions.push(
          moderatorIds.has(authorId)
            ? {
                label: `Remove ${name} as moderator`,
                onSelect: () => nameModerator({ buyerId: authorId, add: false }),
              }
            : {
                label: `Make ${name} a moderator`,
                onSelect: () => nameModerator({ buyerId: authorId, add: true }),
              },
          mutedIds.has(authorId)
            ? {
                label: `Unmute ${name}`,
                onSelect: () =>
                  void act({ action: 'unmute', streamId, buyerId: authorId }, `${name} can comment again`),
              }
            : {
                label: `Mute ${name} for this show`,
                danger: true,
                onSelect: () => void act({ action: 'mute', streamId, buyerId: authorId }, `${name} is muted`),
              },
        );
      }
      return <CommentMenu label={`Moderate ${name}’s comment`} actions={actions} />;
    },
    [act, streamId, moderatorIds, mutedIds, nameModerator],
  );

  return {
    room,
    commentActions,
    unpin: () => void act({ action: 'unpin', streamId }, 'Comment unpinned'),
    panel: (
      <RoomPanel
        api={api}
        streamId={streamId}
        room={room}
        onUnmute={(buyerId, name) =>
          void act({ action: 'unmute', streamId, buyerId }, `${name} can comment again`)
        }
        onRemoveModerator={(buyerId) => naming.mutate({ buyerId, add: false })}
        removingModerator={naming.isPending ? naming.variables.buyerId : null}
      />
    ),
  };
}

const slowModeLabel = (seconds: number) =>
  seconds === 0
    ? 'Off'
    : seconds < 60
      ? `${seconds} seconds`
      : `${seconds / 60} ${seconds === 60 ? 'minute' : 'minutes'}`;

function Section({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="border-line border-b px-4 py-4 last:border-b-0">
      <h3 className="font-semibold text-ink text-sm">{title}</h3>
      {hint && <p className="mt-0.5 text-ink-muted text-xs">{hint}</p>}
      <div className="mt-3">{children}</div>
    </section>
  );
}

/** The Room tab: the seller's command of the room for this show and the store. */
export function RoomPanel({
  api,
  streamId,
  room,
  onUnmute,
  onRemoveModerator,
  removingModerator,
}: {
  api: ApiClient;
  streamId: string;
  room: RoomModeration;
  onUnmute: (buyerId: string, name: string) => void;
  onRemoveModerator: (buyerId: string) => void;
  removingModerator: string | null;
}) {
  const client = useQueryClient();
  const store = useQuery(moderationQueries.store(api));
  const show = useQuery(moderationQueries.show(api, streamId));

  const slowMode = useMutation({
    mutationFn: (seconds: number) => moderationWrites.slowMode(api, streamId, seconds),
    meta: { errorToast: 'Could not change slow mode' },
    onSuccess: (answer) => {
      // The socket's chat_slow_mode says it too; the answer is here first.
      client.setQueriesData<RoomStateResponse>({ queryKey: roomModerationKeys.all(streamId) }, (old) =>
        old ? { ...old, slowModeSeconds: answer.slowModeSeconds } : old,
      );
      toast.success(answer.message);
    },
  });

  const [email, setEmail] = useState('');
  const cohost = useMutation({
    mutationFn: (invite: string | null) =>
      invite === null
        ? moderationWrites.removeCohost(api, streamId)
        : moderationWrites.inviteCohost(api, streamId, invite),
    meta: { errorToast: 'Could not change the co-host' },
    onSuccess: (answer) => {
      client.setQueryData(moderationKeys.show(streamId), (old: typeof show.data) =>
        old ? { ...old, cohost: answer.cohost } : old,
      );
      setEmail('');
      toast.success(answer.message);
    },
  });

  const [words, setWords] = useState<string[] | null>(null);
  const savedWords = store.data?.mutedWords;
  useEffect(() => {
    if (savedWords) setWords(savedWords);
  }, [savedWords]);
  const saveWords = useMutation({
    mutationFn: (list: string[]) => moderationWrites.mutedWords(api, list),
    meta: { errorToast: 'Could not save the muted words' },
    onSuccess: (answer) => {
      client.setQueryData(moderationKeys.store(), (old: typeof store.data) =>
        old ? { ...old, mutedWords: answer.mutedWords } : old,
      );
      toast.success(answer.message);
    },
  });

  if (store.isPending || show.isPending) {
    return <p className="p-4 text-ink-muted text-sm">Loading the room’s settings…</p>;
  }
  if (store.isError || show.isError) {
    return (
      <div className="p-4 text-sm">
        <p className="text-ink-muted">The room’s settings could not be loaded.</p>
        <Button
          variant="secondary"
          size="sm"
          className="mt-2"
          onClick={() => {
            void store.refetch();
            void show.refetch();
          }}
        >
          Try again
        </Button>
      </div>
    );
  }

  const inviteCohost = (event: FormEvent) => {
    event.preventDefault();
    if (email.trim() !== '') cohost.mutate(email.trim());
  };
  const current = room.slowModeSeconds;

  return (
    <div>
      <Section
        title="Slow mode"
        hint="Each viewer may comment once per this many seconds. You and your moderators are not slowed."
      >
        <SelectBox
          label="One comment per viewer every"
          value={String(current)}
          disabled={slowMode.isPending}
          onChange={(e) => slowMode.mutate(Number(e.target.value))}
        >
          {(SLOW_MODE_CHOICES as readonly number[])
            .concat(SLOW_MODE_CHOICES.includes(current as 0) ? [] : [current])
            .map((s) => (
              <option key={s} value={s}>
                {slowModeLabel(s)}
              </option>
            ))}
        </SelectBox>
      </Section>

      <Section
        title="Co-host"
        hint="A second seller account that runs the product rail from its own phone while you talk. It cannot use your camera or end the show, and its access ends with the show."
      >
        {show.data.cohost ? (
          <div className="flex items-center gap-2 text-sm">
            <p className="min-w-0 flex-1 truncate">
              <span className="font-semibold">{show.data.cohost.storeName}</span>{' '}
              <span className="text-ink-muted">{show.data.cohost.email}</span>
            </p>
            <Button
              variant="secondary"
              size="sm"
              loading={cohost.isPending}
              onClick={() => cohost.mutate(null)}
            >
              Remove
            </Button>
          </div>
        ) : (
          <form onSubmit={inviteCohost} className="flex items-end gap-2">
            <Input
              label="Co-host’s seller e-mail"
              type="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              autoComplete="off"
              className="min-w-0 flex-1"
            />
            <Button type="submit" loading={cohost.isPending} disabled={email.trim() === ''}>
              Invite
            </Button>
          </form>
        )}
      </Section>

      <Section
        title="Moderators"
        hint="Buyers who can remove comments, mute viewers and pin comments in all your shows. Name one from a comment’s ⋮ menu in Chat."
      >
        {store.data.moderators.length === 0 ? (
          <p className="text-ink-muted text-sm">No moderators yet.</p>
        ) : (
          <ul aria-label="Moderators" className="flex flex-col gap-2">
            {store.data.moderators.map((m) => (
              <li key={m.buyerId} className="flex items-center gap-2 text-sm">
                <span className="min-w-0 flex-1 truncate font-medium">{m.name}</span>
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={`Remove ${m.name} as moderator`}
                  loading={removingModerator === m.buyerId}
                  onClick={() => onRemoveModerator(m.buyerId)}
                >
                  Remove
                </Button>
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section title="Muted in this show">
        {show.data.muted.length === 0 ? (
          <p className="text-ink-muted text-sm">Nobody is muted.</p>
        ) : (
          <ul aria-label="Muted viewers" className="flex flex-col gap-2">
            {show.data.muted.map((m) => (
              <li key={m.buyerId} className="flex items-center gap-2 text-sm">
                <span className="min-w-0 flex-1 truncate">{m.name}</span>
                <Button variant="secondary" size="sm" onClick={() => onUnmute(m.buyerId, m.name)}>
                  Unmute
                </Button>
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section
        title="Muted words"
        hint="A comment with one of these is shown only to the viewer who sent it. For all your shows."
      >
        <ChipsInput
          label="Words and phrases"
          itemName="muted word"
          values={words ?? []}
          onChange={setWords}
          maxItems={MAX_MUTED_WORDS}
          maxLength={MAX_MUTED_WORD_LENGTH}
          placeholder="Type a word, then Enter"
        />
        <Button
          className="mt-2"
          size="sm"
          loading={saveWords.isPending}
          disabled={words === null || JSON.stringify(words) === JSON.stringify(savedWords)}
          onClick={() => words && saveWords.mutate(words)}
        >
          Save muted words
        </Button>
      </Section>
    </div>
  );
}
