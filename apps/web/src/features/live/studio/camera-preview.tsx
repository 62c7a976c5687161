import { clsx } from 'clsx';
import { CameraOff, EyeOff, Mic, MicOff, Settings2, Video, VideoOff } from 'lucide-react';
import { memo, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { type Camera, cameraProblems, type DeviceOption } from '@/features/live/studio/use-camera';
import { Button } from '@/ui/button';
import { Dialog } from '@/ui/dialog';
import { Spinner } from '@/ui/spinner';

/**
 * The seller's own camera, mirrored like a selfie (viewers see it the right way round). Memoised,
 * as the controls below: a bid or a comment does not redraw them (issue 20).
 */
export const CameraPreview = memo(function CameraPreview({
  camera,
  overlay,
  hidden = false,
}: {
  camera: Camera;
  overlay?: ReactNode;
  /** The seller hid their preview: the phone stops drawing the camera (viewers still get it). */
  hidden?: boolean;
}) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const shown = hidden ? null : camera.stream;
  useEffect(() => {
    const video = videoRef.current;
    if (video && video.srcObject !== shown) video.srcObject = shown;
  }, [shown]);

  const problem = camera.problem ? cameraProblems[camera.problem] : null;
  return (
    <div className="relative h-full w-full overflow-hidden bg-black">
      <video
        ref={videoRef}
        autoPlay
        muted
        playsInline
        aria-label="Camera preview"
        className={clsx(
          'h-full w-full -scale-x-100 object-cover',
          (!camera.cameraOn || !shown) && 'invisible',
        )}
      />
      {camera.stream && hidden && (
        <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 p-6 text-center text-white/85">
          <EyeOff className="size-10" aria-hidden />
          <p className="font-semibold">Your preview is hidden</p>
          <p className="max-w-xs text-sm">Viewers still see your camera.</p>
        </div>
      )}
      {camera.stream && !camera.cameraOn && !hidden && (
        <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 text-white/80">
          <CameraOff className="size-10" aria-hidden />
          <p className="font-semibold">Camera is off</p>
        </div>
      )}
      {camera.starting && !camera.stream && !problem && (
        <div className="absolute inset-0 flex items-center justify-center text-white">
          <Spinner label="Starting camera" />
        </div>
      )}
      {problem && (
        <div
          role="alert"
          className="absolute inset-0 flex flex-col items-center justify-center gap-3 p-6 text-center text-white"
        >
          <CameraOff className="size-10 text-white/80" aria-hidden />
          <p className="font-semibold text-lg">{problem.title}</p>
          <p className="max-w-sm text-sm text-white/85">{problem.text}</p>
          <Button variant="secondary" onClick={camera.retry} loading={camera.starting}>
            Try again
          </Button>
        </div>
      )}
      {overlay}
    </div>
  );
});

const roundButton =
  'flex size-12 shrink-0 items-center justify-center rounded-full transition-colors disabled:opacity-50';

/** Microphone and camera toggles, and the device pickers. */
export const CameraControls = memo(function CameraControls({ camera }: { camera: Camera }) {
  const [devicesOpen, setDevicesOpen] = useState(false);
  const ready = camera.stream !== null;
  return (
    <>
      <button
        type="button"
        onClick={camera.toggleMic}
        disabled={!ready}
        aria-pressed={!camera.micOn}
        aria-label={camera.micOn ? 'Mute microphone' : 'Unmute microphone'}
        className={clsx(
          roundButton,
          camera.micOn ? 'bg-white/15 text-white hover:bg-white/25' : 'bg-white text-ink',
        )}
      >
        {camera.micOn ? <Mic className="size-5" aria-hidden /> : <MicOff className="size-5" aria-hidden />}
      </button>
      <button
        type="button"
        onClick={camera.toggleCamera}
        disabled={!ready}
        aria-pressed={!camera.cameraOn}
        aria-label={camera.cameraOn ? 'Turn camera off' : 'Turn camera on'}
        className={clsx(
          roundButton,
          camera.cameraOn ? 'bg-white/15 text-white hover:bg-white/25' : 'bg-white text-ink',
        )}
      >
        {camera.cameraOn ? (
          <Video className="size-5" aria-hidden />
        ) : (
          <VideoOff className="size-5" aria-hidden />
        )}
      </button>
      <button
        type="button"
        onClick={() => setDevicesOpen(true)}
        disabled={!ready}
        aria-label="Camera and microphone settings"
        className={clsx(roundButton, 'bg-white/15 text-white hover:bg-white/25')}
      >
        <Settings2 className="size-5" aria-hidden />
      </button>
      <Dialog open={devicesOpen} onOpenChange={setDevicesOpen} title="Camera and microphone">
        <div className="flex flex-col gap-4">
          <DeviceSelect
            label="Camera"
            options={camera.cameras}
            value={camera.cameraId}
            onChange={(id) => void camera.chooseCamera(id)}
          />
          <DeviceSelect
            label="Microphone"
            options={camera.microphones}
            value={camera.microphoneId}
            onChange={(id) => void camera.chooseMicrophone(id)}
          />
        </div>
      </Dialog>
    </>
  );
});

function DeviceSelect({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: DeviceOption[];
  value: string | null;
  onChange: (deviceId: string) => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="font-medium text-ink text-sm">
        {label}
      </label>
      <select
        id={id}
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value)}
        disabled={options.length === 0}
        className="min-h-11 w-full rounded-control border border-line-strong bg-surface px-3 text-base text-ink"
      >
        {options.length === 0 && <option value="">None found</option>}
        {options.map((o) => (
          <option key={o.deviceId} value={o.deviceId}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
