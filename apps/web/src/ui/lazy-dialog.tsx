import { type ComponentType, useEffect, useState } from 'react';
import type { DialogProps } from '@/ui/dialog';

let loaded: ComponentType<DialogProps> | null = null;
let loading: Promise<ComponentType<DialogProps>> | null = null;

/**
 * Loads the Dialog's code (Radix's among it) now, e.g. when a dialog is about to open, so it opens
 * on time. A failed download is tried again at the next call.
 */
export function loadDialog(): Promise<ComponentType<DialogProps>> {
  loading ??= import('@/ui/dialog').then(
    (m) => {
      loaded = m.Dialog;
      return m.Dialog;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/**
 * The Dialog, for one that is closed when its screen first shows (the header's notifications, the
 * Account Disabled stop): nothing is drawn, and none of its code is loaded, until it first opens
 * (issue 20, docs/performance.md). Once opened it stays mounted, so closing it returns focus as any
 * dialog does. Its code failing to download is thrown to the route's error element, which offers
 * the update, like a screen's.
 */
export function LazyDialog(props: DialogProps) {
  const [opened, setOpened] = useState(props.open);
  const [, setReady] = useState(false);
  const [failed, setFailed] = useState<{ error: unknown } | null>(null);
  if (props.open && !opened) setOpened(true);
  useEffect(() => {
    if (!opened || loaded) return;
    let current = true;
    loadDialog().then(
      () => current && setReady(true),
      (error: unknown) => current && setFailed({ error }),
    );
    return () => {
      current = false;
    };
  }, [opened]);
  if (failed) throw failed.error;
  if (!opened || !loaded) return null;
  const Dialog = loaded;
  return <Dialog {...props} />;
}
