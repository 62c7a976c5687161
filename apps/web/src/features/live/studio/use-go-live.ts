import { STREAM_MESSAGES, type Stream, type StreamStatus } from '@kasuwa/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { wantsGoLive } from '@/features/live/studio/go-live-on-arrival';
import { joinAsSeller, serverMessage, startStream } from '@/features/live/studio/studio-api';
import type { LiveRoomAction } from '@/features/live-room/live-room';
import type { ApiClient } from '@/lib/api-client';
import { toast } from '@/lib/toast';

/**
 * Go Live: `POST /start` while the show is scheduled, then `POST /join-seller`, whose answer (the
 * stream with the publishing token) is the `broadcast` the studio publishes. The studio goes live
 * by itself in two cases only: it was opened on a show that was already live (a reload mid-show),
 * or by "Submit and go live"; each waits for the camera, and neither is tried twice.
 */
export function useGoLive({
  api,
  streamId,
  stream,
  status,
  cameraStream,
  apply,
  refetch,
}: {
  api: ApiClient;
  streamId: string;
  /** The show as fetched; undefined while it loads. */
  stream: Stream | undefined;
  /** The show's status as the studio last heard it. */
  status: StreamStatus | null;
  cameraStream: MediaStream | null;
  /** Folds the joined stream into the live room. */
  apply: (action: LiveRoomAction) => void;
  refetch: () => Promise<unknown>;
}) {
  const navigate = useNavigate();
  const location = useLocation();
  /** The stream as join-seller answered it, with the publishing token: set while broadcasting. */
  const [broadcast, setBroadcast] = useState<Stream | null>(null);
  const [goingLive, setGoingLive] = useState(false);
  const joinTried = useRef(false);
  const loaded = stream !== undefined;

  const goLive = useCallback(async () => {
    if (!loaded) return;
    joinTried.current = true;
    setGoingLive(true);
    try {
      if (status === 'scheduled') {
        await startStream(api, streamId);
        toast.success(STREAM_MESSAGES.started);
      }
      const joined = await joinAsSeller(api, streamId);
      apply({ type: 'hydrate', stream: joined });
      setBroadcast(joined);
    } catch (error) {
      toast.error(STREAM_MESSAGES.startError, serverMessage(error));
    } finally {
      setGoingLive(false);
      void refetch();
    }
  }, [api, apply, refetch, status, loaded, streamId]);

  // Back in the studio of a show that is already live (a reload, another device): broadcast again.
  // Only a show live when the studio opened: a studio left open while the show went live in
  // another window must not take it from there (the seller can press Go Live here to move it).
  const liveWhenOpened = useRef<boolean | null>(null);
  if (liveWhenOpened.current === null && stream) liveWhenOpened.current = stream.status === 'live';
  useEffect(() => {
    if (liveWhenOpened.current && cameraStream && !broadcast && !joinTried.current) void goLive();
  }, [cameraStream, broadcast, goLive]);

  // Opened by "Submit and go live": start the show once the camera runs. The state is dropped
  // first, so Back to this page or a reload never starts it a second time.
  const goLiveOnArrival = useRef(wantsGoLive(location.state));
  useEffect(() => {
    if (!goLiveOnArrival.current || !loaded || !cameraStream || broadcast || joinTried.current) return;
    goLiveOnArrival.current = false;
    navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
    void goLive();
  }, [loaded, cameraStream, broadcast, goLive, navigate, location.pathname, location.search]);

  return { broadcast, goingLive, goLive };
}
