import { STUDIO_OPEN_ELSEWHERE } from '@kasuwa/contracts';
import { MonitorSmartphone, Trophy } from 'lucide-react';
import { formatNaira } from '@/lib/money';
import { Button } from '@/ui/button';

/** What lies over the camera preview: the auction's result, a lost show, a failing video. */

/** The product whose bidding just closed, with its winner, until the result is final. */
export function WinnerBanner({
  name,
  winner,
}: {
  name: string;
  winner: { bidAmount: number; buyer: { name: string } } | null;
}) {
  return (
    <div
      role="status"
      className="absolute inset-x-3 bottom-3 flex items-center gap-3 rounded-card bg-amber-400 px-4 py-3 text-amber-950 shadow-card"
    >
      <Trophy className="size-6 shrink-0" aria-hidden />
      {winner ? (
        <p className="text-sm">
          <span className="block font-bold text-base">Sold to {winner.buyer.name}!</span>
          {name} for {formatNaira(winner.bidAmount)}
        </p>
      ) : (
        <p className="text-sm">
          <span className="block font-bold text-base">Bidding closed</span>
          {name}
        </p>
      )}
    </div>
  );
}

/** This studio lost the show to another window (or device) of the seller. */
export function OpenElsewhere({ onUseThisWindow }: { onUseThisWindow: () => void }) {
  return (
    <div
      role="alert"
      className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-ink p-6 text-center text-white"
    >
      <MonitorSmartphone className="size-10 text-white/80" aria-hidden />
      <p className="font-semibold text-lg">{STUDIO_OPEN_ELSEWHERE}</p>
      <p className="max-w-sm text-sm text-white/85">
        Viewers see the camera of the other window, so the camera here is off. Use this window to move the
        show back here.
      </p>
      <Button variant="secondary" onClick={onUseThisWindow}>
        Use this window
      </Button>
    </div>
  );
}

/** The show is live but its video is not reaching viewers. */
export function VideoFailed() {
  return (
    <p role="alert" className="absolute inset-x-3 top-3 rounded-control bg-danger-600 px-3 py-2 text-sm">
      Viewers cannot see you right now. Check your connection.
    </p>
  );
}
