import {
  STUDIO_OPEN_ELSEWHERE,
  type StudioClaimAnswer,
  studioClaimAnswer,
  studioReplacedEvent,
  studioSocketEvents,
} from '@kasuwa/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { LiveSocketLike } from '@/features/live-room/live-socket';

/**
 * One studio publishes a show at a time (socket-events.ts, `studioSocketEvents`). A seller who
 * opens the studio of a live show in a second tab or on another device moves the show there: the
 * newest studio claims it, the server tells the one that had it, which stops sending video and
 * frees its camera, and offers "Use this window" to take it back. A studio whose socket dropped
 * and came back resumes only if no other studio took the show meanwhile.
 *
 * - 'idle': not claimed (not broadcasting yet, or the seller just pressed "Use this window").
 * - 'claiming': asking the server.
 * - 'publisher': this studio sends the video.
 * - 'elsewhere': another studio has the show.
 * - 'failed': the server refused for another reason (`error`); tried again after a reconnection.
 */
export type StudioRole = 'idle' | 'claiming' | 'publisher' | 'elsewhere' | 'failed';

/** How long a claim waits for the server's answer. */
export const CLAIM_TIMEOUT_MS = 10_000;

const claimNotAnswered = 'The server did not answer. Check your connection.';

/** A random id for this page's studio; the same window keeps it across socket reconnections. */
export function newStudioId(): string {
  const bytes = new Uint8Array(16);
  // getRandomValues, unlike randomUUID, works on a page that is not a secure context.
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function claimStudio(
  socket: LiveSocketLike,
  streamId: string,
  studioId: string,
  takeOver: boolean,
): Promise<StudioClaimAnswer> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve({ ok: false, message: claimNotAnswered }), CLAIM_TIMEOUT_MS);
    socket.emit(studioSocketEvents.claim, { streamId, studioId, takeOver }, (raw: unknown) => {
      clearTimeout(timer);
      const parsed = studioClaimAnswer.safeParse(raw);
      resolve(parsed.success ? parsed.data : { ok: false, message: claimNotAnswered });
    });
  });
}

export interface StudioClaim {
  role: StudioRole;
  error: string | null;
  /** "Use this window": claim the show back once `ready` again. */
  takeBack(): void;
}

/**
 * Claims the show for this studio once it is `ready` to publish (broadcasting, with a camera) and
 * the socket is connected, and follows what happens to the claim.
 */
export function useStudioClaim({
  socket,
  connected,
  streamId,
  ready,
}: {
  socket: LiveSocketLike | null;
  connected: boolean;
  streamId: string;
  ready: boolean;
}): StudioClaim {
  const [studioId] = useState(newStudioId);
  const [role, setRole] = useState<StudioRole>('idle');
  const [error, setError] = useState<string | null>(null);
  const roleRef = useRef(role);
  roleRef.current = role;
  // Each question to the server has a number; an answer counts only while its question is the latest.
  const attempt = useRef(0);

  useEffect(() => {
    if (!ready || !connected || !socket || role !== 'idle') return;
    const mine = ++attempt.current;
    setRole('claiming');
    void claimStudio(socket, streamId, studioId, true).then((answer) => {
      if (attempt.current !== mine) return;
      if (answer.ok) {
        setError(null);
        setRole('publisher');
      } else if (answer.openElsewhere) {
        setRole('elsewhere');
      } else {
        setError(answer.message);
        setRole('failed');
      }
    });
  }, [ready, connected, socket, role, streamId, studioId]);

  useEffect(() => {
    if (!socket) return;
    const onReplaced = (raw: unknown) => {
      const parsed = studioReplacedEvent.safeParse(raw);
      if (!parsed.success || parsed.data.streamId !== streamId) return;
      if (roleRef.current !== 'publisher' && roleRef.current !== 'claiming') return;
      attempt.current += 1;
      setRole('elsewhere');
    };
    // The server forgets a dropped socket's claim: a publishing studio resumes, unless another
    // studio took the show while this one was away. A claim left unanswered by the drop is asked again.
    const onConnect = () => {
      const current = roleRef.current;
      if (current === 'failed' || current === 'claiming') {
        attempt.current += 1;
        setRole('idle');
        return;
      }
      if (current !== 'publisher') return;
      const mine = ++attempt.current;
      void claimStudio(socket, streamId, studioId, false).then((answer) => {
        if (attempt.current !== mine || answer.ok) return;
        if (answer.openElsewhere || answer.message === STUDIO_OPEN_ELSEWHERE) setRole('elsewhere');
      });
    };
    socket.on(studioSocketEvents.replaced, onReplaced);
    socket.on('connect', onConnect);
    return () => {
      socket.off(studioSocketEvents.replaced, onReplaced);
      socket.off('connect', onConnect);
    };
  }, [socket, streamId, studioId]);

  const takeBack = useCallback(() => {
    if (roleRef.current !== 'elsewhere') return;
    attempt.current += 1;
    setRole('idle');
  }, []);

  return { role, error, takeBack };
}
