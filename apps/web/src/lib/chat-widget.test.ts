import { describe, expect, it } from 'vitest';
import { chatVisitorFor, startChatWidget } from '@/lib/chat-widget';

describe('the chat widget adapter', () => {
  it('labels a visitor who is not logged in "Seller Visitor"', () => {
    expect(chatVisitorFor(null)).toEqual({ name: 'Seller Visitor' });
  });

  it('names a logged-in seller, and loads nothing without a widget id', () => {
    const visitor = chatVisitorFor({ firstName: 'Amaka', lastName: 'Okafor', email: 'a@example.ng' });
    startChatWidget(visitor, undefined);
    expect(window.__kasuwaChatVisitor).toEqual({ name: 'Amaka Okafor', email: 'a@example.ng' });
    expect(document.getElementById('chat-widget-script')).toBeNull();
  });
});
