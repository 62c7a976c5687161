import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { serverMessage } from '@/features/live/studio/studio-api';
import { isApiError } from '@/lib/api-client';
import { Button, buttonClasses } from '@/ui/button';
import { Spinner } from '@/ui/spinner';

/** The studio's full screens for when there is no show to broadcast: loading, failed, over. */

export function StudioLoading() {
  return (
    <div className="flex min-h-dvh items-center justify-center bg-ink text-white">
      <Spinner size="lg" label="Loading the studio" />
    </div>
  );
}

/** The show could not be fetched: gone (404, or an id that is not one), or another failure. */
export function StudioLoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const notFound = isApiError(error) && (error.status === 404 || error.status === 400);
  return (
    <StudioMessage
      title={notFound ? 'Show not found' : 'This show could not be loaded'}
      text={
        notFound ? 'It may have been deleted. Your shows are under Scheduled Shows.' : serverMessage(error)
      }
      action={
        <Button variant="secondary" onClick={onRetry}>
          Try again
        </Button>
      }
    />
  );
}

export function ShowEnded() {
  return (
    <StudioMessage
      title="This show has ended"
      text="See how it went in your past shows."
      action={
        <Link to={paths.dashboard.liveStreams.pastShows} className={buttonClasses({ variant: 'secondary' })}>
          Past Shows
        </Link>
      }
    />
  );
}

export function ShowExpired() {
  return (
    <StudioMessage
      title="This show has expired"
      text="It was not started in time. Reschedule it from your scheduled shows to go live."
      action={
        <Link
          to={paths.dashboard.liveStreams.scheduledShows}
          className={buttonClasses({ variant: 'secondary' })}
        >
          Scheduled Shows
        </Link>
      }
    />
  );
}

function StudioMessage({ title, text, action }: { title: string; text: string; action: ReactNode }) {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-3 bg-ink p-6 text-center text-white">
      <h1 className="font-semibold text-xl">{title}</h1>
      <p className="max-w-sm text-white/80">{text}</p>
      {action}
    </main>
  );
}
