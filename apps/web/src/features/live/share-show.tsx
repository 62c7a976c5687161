import { PRODUCT_NAME, type Stream } from '@kasuwa/contracts';
import { QrCode } from 'lucide-react';
import { QRCodeSVG } from 'qrcode.react';
import { useId, useState } from 'react';
import { formatLagosTime } from '@/features/live/show-time';
import { Button } from '@/ui/button';
import { ShareLinkBox } from '@/ui/share-link-box';

/** What a WhatsApp message about the show says: the title, when, and the link to watch. */
export function shareText(
  stream: Pick<Stream, 'title' | 'scheduledStartTime' | 'watchUrl' | 'status'>,
): string {
  const when =
    stream.status === 'live' ? 'I am live now' : `Starts ${formatLagosTime(stream.scheduledStartTime)}`;
  return `Join my live show "${stream.title}" on ${PRODUCT_NAME}. ${when}. Watch here: ${stream.watchUrl}`;
}

export function whatsAppShareUrl(text: string): string {
  return `https://wa.me/?text=${encodeURIComponent(text)}`;
}

/** A show's public watch link: copy it, send it on WhatsApp, or let buyers scan its QR code. */
export function ShareShow({ stream }: { stream: Stream }) {
  const qrId = useId();
  const [showQr, setShowQr] = useState(false);

  return (
    <ShareLinkBox
      url={stream.watchUrl}
      copyLabel={`Copy link to ${stream.title}`}
      actions={
        <>
          <a
            href={whatsAppShareUrl(shareText(stream))}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex min-h-10 items-center gap-1.5 rounded-control bg-[#075E54] px-3 font-semibold text-sm text-white hover:bg-[#054a42]"
          >
            <WhatsAppIcon />
            Share on WhatsApp
          </a>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => setShowQr((v) => !v)}
            aria-expanded={showQr}
            aria-controls={qrId}
          >
            <QrCode className="size-4" aria-hidden />
            {showQr ? 'Hide QR code' : 'QR code'}
          </Button>
        </>
      }
    >
      <div id={qrId} hidden={!showQr}>
        {showQr && (
          <figure className="flex flex-col items-start gap-1">
            <QRCodeSVG
              value={stream.watchUrl}
              size={160}
              marginSize={2}
              title={`QR code for ${stream.title}`}
              className="rounded-control bg-white"
            />
            <figcaption className="text-ink-muted text-xs">Buyers scan this to open the show.</figcaption>
          </figure>
        )}
      </div>
    </ShareLinkBox>
  );
}

function WhatsAppIcon() {
  return (
    <svg viewBox="0 0 24 24" className="size-4" fill="currentColor" aria-hidden="true">
      <path d="M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2Zm0 18.2a8.2 8.2 0 0 1-4.2-1.2l-.3-.2-3 .8.8-2.9-.2-.3A8.2 8.2 0 1 1 12 20.2Zm4.5-6.1c-.2-.1-1.5-.7-1.7-.8-.2-.1-.4-.1-.6.1l-.8 1c-.1.2-.3.2-.5.1a6.7 6.7 0 0 1-3.3-2.9c-.2-.4.2-.4.7-1.3.1-.2 0-.3 0-.4l-.8-1.8c-.2-.5-.4-.4-.6-.4h-.5a1 1 0 0 0-.7.3 3 3 0 0 0-.9 2.2 5.2 5.2 0 0 0 1.1 2.7 11.8 11.8 0 0 0 4.5 4c1.7.7 2.3.8 3.2.6.5-.1 1.5-.6 1.7-1.2.2-.6.2-1.1.1-1.2l-.4-.3Z" />
    </svg>
  );
}
