import type { Stream, VideoProvider } from '@kasuwa/contracts';
import { Volume2, VolumeX } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { LiveSocketLike } from '@/features/live-room/live-socket';
import {
  loadVideoProvider,
  type VideoProviderClient,
  type VideoStatus,
} from '@/features/live-room/video/video-provider';
import { Spinner } from '@/ui/spinner';

export interface WatchVideoProps {
  stream: Stream;
  /** Plays only while the show is live. */
  live: boolean;
  socket: LiveSocketLike | null;
  /** A fresh viewer token (the show fetched again). */
  renewToken: () => Promise<string>;
  loadProvider?: (name: VideoProvider) => Promise<VideoProviderClient>;
}

const statusText: Partial<Record<VideoStatus, string>> = {
  waiting: 'Connecting to the seller’s video…',
  connecting: 'Connecting to the seller’s video…',
  reconnecting: 'The video dropped. Reconnecting…',
  failed: 'The video is not available right now. Reload the page to try again.',
};

/**
 * The seller's video through the show's provider. It starts muted (browsers only autoplay silent
 * video), with a button to turn the sound on.
 */
export function WatchVideo({
  stream,
  live,
  socket,
  renewToken,
  loadProvider = loadVideoProvider,
}: WatchVideoProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [status, setStatus] = useState<VideoStatus | null>(null);
  const [muted, setMuted] = useState(true);
  const renewRef = useRef(renewToken);
  renewRef.current = renewToken;
  const loadRef = useRef(loadProvider);
  loadRef.current = loadProvider;

  // The provider session depends on the show's identity and token, not on every refetch of it.
  const { _id, videoProvider, channelName, agoraToken, videoServerUrl } = stream;
  const iceServers = useRef(stream.iceServers);
  iceServers.current = stream.iceServers;
  const iceKey = JSON.stringify(stream.iceServers ?? []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: agoraToken is left out, as a renewed token goes to the running session without restarting it; iceKey stands for the servers' content.
  useEffect(() => {
    const video = videoRef.current;
    if (!live || !socket || !video) return;
    let cancelled = false;
    let stop: (() => void) | null = null;
    setStatus('connecting');
    loadRef
      .current(videoProvider)
      .then((provider) =>
        provider.watch({ _id, videoProvider, channelName, agoraToken, videoServerUrl }, video, {
          signalling: socket,
          iceServers: iceServers.current ?? [],
          renewToken: () => renewRef.current(),
          onStatus: (s) => {
            if (!cancelled) setStatus(s);
          },
        }),
      )
      .then((session) => {
        if (cancelled) session.stop();
        else stop = () => session.stop();
      })
      .catch(() => {
        if (!cancelled) setStatus('failed');
      });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [live, socket, _id, videoProvider, channelName, videoServerUrl, iceKey]);

  const toggleSound = () => {
    const video = videoRef.current;
    if (!video) return;
    video.muted = !muted;
    setMuted(!muted);
    if (!video.muted) void video.play().catch(() => {});
  };

  const message = live && status ? statusText[status] : undefined;
  return (
    <div className="relative h-full w-full bg-black">
      <video
        ref={videoRef}
        autoPlay
        playsInline
        muted={muted}
        aria-label={`Live video: ${stream.title}`}
        className="h-full w-full object-contain"
      />
      {message && (
        <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 p-6 text-center text-white">
          {status !== 'failed' && <Spinner label="Connecting" />}
          <p className="max-w-xs text-sm">{message}</p>
        </div>
      )}
      {live && status === 'playing' && (
        <button
          type="button"
          onClick={toggleSound}
          className="absolute right-3 bottom-3 flex min-h-11 items-center gap-2 rounded-full bg-black/60 px-4 font-semibold text-sm text-white"
        >
          {muted ? <VolumeX className="size-5" aria-hidden /> : <Volume2 className="size-5" aria-hidden />}
          {muted ? 'Tap for sound' : 'Mute'}
        </button>
      )}
    </div>
  );
}
