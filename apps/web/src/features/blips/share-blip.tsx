import { paths } from '@/app/paths';
import { ShareLinkBox } from '@/ui/share-link-box';

/** The blip's public page, where buyers watch, like and comment, as a full address to send. */
export const blipShareUrl = (blipId: string, origin = window.location.origin) =>
  `${origin}${paths.watchBlip(blipId)}`;

/**
 * The blip's public link: copy it, hand it to the phone's share sheet (WhatsApp, Instagram…) where
 * there is one, or open it to see what buyers see.
 */
export function ShareBlip({ blipId, productName }: { blipId: string; productName: string }) {
  return (
    <ShareLinkBox
      url={blipShareUrl(blipId)}
      copyLabel="Copy link to this blip"
      share={{ title: productName, text: `Watch ${productName}` }}
      open={{ href: paths.watchBlip(blipId), label: 'Open buyer page' }}
    />
  );
}
