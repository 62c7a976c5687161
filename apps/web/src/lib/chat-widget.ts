import { chatWidgetKeyPrefix, writeStored } from '@/lib/storage';

/** SPEC section 1: a chat visitor who is not logged in is shown to support under this label. */
export const ANONYMOUS_CHAT_VISITOR = 'Seller Visitor';
/** SPEC section 9: updates to the widget are staggered by half a second. */
export const CHAT_WIDGET_UPDATE_DELAY_MS = 500;

export interface ChatVisitor {
  name: string;
  email?: string;
}

export function chatVisitorFor(
  seller: { firstName: string; lastName: string; email: string } | null,
): ChatVisitor {
  if (!seller) return { name: ANONYMOUS_CHAT_VISITOR };
  return { name: `${seller.firstName} ${seller.lastName}`.trim(), email: seller.email };
}

type TawkApi = {
  visitor?: ChatVisitor;
  setAttributes?: (attrs: ChatVisitor, cb?: () => void) => void;
  maximize?: () => void;
};

declare global {
  interface Window {
    Tawk_API?: TawkApi;
    __kasuwaChatVisitor?: ChatVisitor;
  }
}

/**
 * The support chat widget. With VITE_CHAT_WIDGET_ID (a Tawk.to property/widget id such as
 * "abc123/default") it loads the provider's script and names the visitor; without one nothing is
 * loaded and the visitor is only recorded locally, for tests.
 */
export function startChatWidget(
  visitor: ChatVisitor,
  widgetId: string | undefined = import.meta.env.VITE_CHAT_WIDGET_ID,
) {
  writeStored(`${chatWidgetKeyPrefix}visitor`, visitor.name);
  if (!widgetId) {
    window.__kasuwaChatVisitor = visitor;
    return;
  }
  const api: TawkApi = window.Tawk_API ?? {};
  window.Tawk_API = api;
  api.visitor = visitor;
  if (!document.getElementById('chat-widget-script')) {
    const script = document.createElement('script');
    script.id = 'chat-widget-script';
    script.async = true;
    script.src = `https://embed.tawk.to/${widgetId}`;
    script.crossOrigin = 'anonymous';
    document.body.appendChild(script);
  } else {
    setTimeout(() => api.setAttributes?.(visitor), CHAT_WIDGET_UPDATE_DELAY_MS);
  }
}

/** Whether this build has a chat widget (VITE_CHAT_WIDGET_ID); Help & Support offers it only then. */
export const chatWidgetConfigured = (widgetId: string | undefined = import.meta.env.VITE_CHAT_WIDGET_ID) =>
  Boolean(widgetId);

/** Opens the chat window; answers false while the provider's script has not loaded yet. */
export function openChatWidget(): boolean {
  const open = window.Tawk_API?.maximize;
  if (typeof open !== 'function') return false;
  open();
  return true;
}
