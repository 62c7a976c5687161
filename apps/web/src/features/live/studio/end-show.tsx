import { STREAM_MESSAGES } from '@kasuwa/contracts';
import { memo, useState } from 'react';
import { endStream, serverMessage } from '@/features/live/studio/studio-api';
import type { ApiClient } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { Button } from '@/ui/button';
import { Dialog } from '@/ui/dialog';

/**
 * End Show asks first (a show cannot go live again), then `POST /end`; `onEnded` runs once the
 * server has ended it (stop sending, free the camera, leave for past shows).
 */
export const EndShow = memo(function EndShow({
  api,
  streamId,
  onEnded,
}: {
  api: ApiClient;
  streamId: string;
  onEnded: () => void | Promise<void>;
}) {
  const [confirming, setConfirming] = useState(false);
  const [ending, setEnding] = useState(false);

  const endShow = async () => {
    setEnding(true);
    try {
      await endStream(api, streamId);
      toast.success(STREAM_MESSAGES.ended);
      setConfirming(false);
      await onEnded();
    } catch (error) {
      toast.error(STREAM_MESSAGES.endError, serverMessage(error));
    } finally {
      setEnding(false);
    }
  };

  return (
    <>
      <Button variant="danger" onClick={() => setConfirming(true)}>
        End Show
      </Button>
      <Dialog
        open={confirming}
        onOpenChange={(open) => !ending && setConfirming(open)}
        title="End this show?"
        description="Viewers will see that the show has ended, and you cannot go live with it again."
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)} disabled={ending}>
              Keep streaming
            </Button>
            <Button variant="danger" onClick={() => void endShow()} loading={ending}>
              End Show
            </Button>
          </>
        }
      />
    </>
  );
});
