import type { Notification } from '@kasuwa/contracts';
import { describe, expect, it } from 'vitest';
import { paths } from '@/app/paths';
import { targetOf } from './notification-kinds';

const notification = (type: Notification['type'], data: Notification['data']): Notification =>
  ({
    _id: 'n1',
    type,
    title: 't',
    message: 'm',
    isRead: false,
    createdAt: '2026-11-25T10:00:00.000Z',
    data,
  }) as Notification;

describe('where a notification leads', () => {
  it('opens the return a return step is about, not its order', () => {
    expect(targetOf(notification('return_request', { orderId: 'o1', returnId: 'r1' }))).toBe(
      paths.dashboard.return('r1'),
    );
  });

  it('opens the order an order step is about', () => {
    expect(targetOf(notification('order_paid', { orderId: 'o1' }))).toBe(paths.dashboard.order('o1'));
  });

  it('opens the Returns Center for a return step without its id', () => {
    expect(targetOf(notification('return_approved', {}))).toBe(paths.dashboard.returns);
  });
});
