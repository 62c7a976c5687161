import type { Notification, NotificationType } from '@kasuwa/contracts';
import {
  AlertTriangle,
  BadgeCheck,
  Bell,
  CalendarClock,
  CircleDollarSign,
  CircleX,
  ClipboardList,
  Heart,
  type LucideIcon,
  Megaphone,
  MessageCircle,
  MessageSquare,
  Package,
  PackageCheck,
  PackagePlus,
  PartyPopper,
  RefreshCcw,
  ShieldCheck,
  Tag,
  Truck,
  Undo2,
  UserPlus,
} from 'lucide-react';
import { paths } from '@/app/paths';

export interface NotificationKind {
  /** A short name for the kind, read before the title by screen readers and shown as a label. */
  label: string;
  icon: LucideIcon;
  /** Icon colours: attention for problems, brand green for good news, neutral otherwise. */
  tone: 'good' | 'warn' | 'bad' | 'neutral';
}

/** An icon and wording for every type of SPEC section 3 (and the platform's welcome and approval). */
export const NOTIFICATION_KINDS: Record<NotificationType, NotificationKind> = {
  new_order: { label: 'New order', icon: PackagePlus, tone: 'good' },
  new_follower: { label: 'New follower', icon: UserPlus, tone: 'good' },
  order_paid: { label: 'Order paid', icon: CircleDollarSign, tone: 'good' },
  order_delivered: { label: 'Order delivered', icon: PackageCheck, tone: 'good' },
  order_cancelled: { label: 'Order cancelled', icon: CircleX, tone: 'bad' },
  order_status_update: { label: 'Order update', icon: ClipboardList, tone: 'neutral' },
  order_shipped: { label: 'Order shipped', icon: Truck, tone: 'neutral' },
  order_reminder: { label: 'Order reminder', icon: CalendarClock, tone: 'warn' },
  order_picked_up: { label: 'Order picked up', icon: Package, tone: 'neutral' },
  order_in_transit: { label: 'Order in transit', icon: Truck, tone: 'neutral' },
  low_stock: { label: 'Low stock', icon: AlertTriangle, tone: 'warn' },
  back_in_stock: { label: 'Back in stock', icon: RefreshCcw, tone: 'good' },
  return_request: { label: 'Return request', icon: Undo2, tone: 'warn' },
  return_created: { label: 'Return created', icon: Undo2, tone: 'neutral' },
  return_approved: { label: 'Return approved', icon: Undo2, tone: 'good' },
  return_rejected: { label: 'Return rejected', icon: Undo2, tone: 'bad' },
  return_info_needed: { label: 'Return needs information', icon: Undo2, tone: 'warn' },
  return_partial_refund: { label: 'Partial refund', icon: CircleDollarSign, tone: 'neutral' },
  return_label_created: { label: 'Return label', icon: Tag, tone: 'neutral' },
  return_pickup_arranged: { label: 'Return pickup', icon: Truck, tone: 'neutral' },
  new_campaign: { label: 'New campaign', icon: Megaphone, tone: 'neutral' },
  campaign_scheduled: { label: 'Campaign scheduled', icon: CalendarClock, tone: 'neutral' },
  blip_like: { label: 'Blip like', icon: Heart, tone: 'good' },
  blip_comment: { label: 'Blip comment', icon: MessageCircle, tone: 'neutral' },
  buyer_message: { label: 'Buyer message', icon: MessageSquare, tone: 'neutral' },
  welcome: { label: 'Welcome', icon: PartyPopper, tone: 'good' },
  account_approved: { label: 'Account approved', icon: BadgeCheck, tone: 'good' },
  kyc_status: { label: 'Identity verification', icon: ShieldCheck, tone: 'neutral' },
};

export const toneClasses: Record<NotificationKind['tone'], string> = {
  good: 'bg-brand-50 text-brand-700',
  warn: 'bg-amber-50 text-amber-800',
  bad: 'bg-danger-50 text-danger-700',
  neutral: 'bg-canvas text-ink-muted',
};

export function kindOf(type: NotificationType): NotificationKind {
  return NOTIFICATION_KINDS[type] ?? { label: 'Notification', icon: Bell, tone: 'neutral' };
}

/** What a click opens: the order, return, product or screen the notification is about. */
export function targetOf(notification: Notification): string | null {
  const { type, data } = notification;
  // A return's notification carries its order too: the return is what it is about.
  if (data.returnId) return paths.dashboard.return(data.returnId);
  if (data.orderId) return paths.dashboard.order(data.orderId);
  if (data.productId && (type === 'low_stock' || type === 'back_in_stock'))
    return paths.dashboard.editProduct(data.productId);
  if (type.startsWith('order_') || type === 'new_order') return paths.dashboard.orders;
  if (type.startsWith('return_')) return paths.dashboard.returns;
  if (type === 'low_stock' || type === 'back_in_stock') return paths.dashboard.products;
  if (type === 'blip_like' || type === 'blip_comment') return paths.dashboard.blips;
  if (type === 'new_campaign' || type === 'campaign_scheduled')
    return paths.dashboard.marketing.inboxCampaigns.list;
  if (type === 'new_follower') return paths.dashboard.customers;
  if (type === 'buyer_message') return paths.dashboard.messages;
  if (type === 'kyc_status') return paths.dashboard.kycVerification;
  return null;
}
