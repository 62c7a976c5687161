import {
  BarChart3,
  GraduationCap,
  LayoutDashboard,
  type LucideIcon,
  Megaphone,
  MessageSquare,
  Package,
  Radio,
  Settings,
  ShieldCheck,
  ShoppingBag,
  Undo2,
  Users,
  Wallet,
} from 'lucide-react';
import { paths } from '@/app/paths';
import { externalLinks } from '@/lib/external-links';

export interface NavChild {
  label: string;
  to: string;
}

export interface NavItem {
  label: string;
  to: string;
  icon: LucideIcon;
  /** Opens in a new tab, outside the app. */
  external?: boolean;
  children?: NavChild[];
}

/** The sidebar of SPEC section 2 "Dashboard shell", in its order. */
export const NAV_ITEMS: NavItem[] = [
  { label: 'Dashboard', to: paths.dashboard.home, icon: LayoutDashboard },
  { label: 'Customers', to: paths.dashboard.customers, icon: Users },
  { label: 'KYC Verification', to: paths.dashboard.kycVerification, icon: ShieldCheck },
  { label: 'Orders', to: paths.dashboard.orders, icon: ShoppingBag },
  { label: 'Returns Center', to: paths.dashboard.returns, icon: Undo2 },
  {
    label: 'Products',
    to: paths.dashboard.products,
    icon: Package,
    children: [
      { label: 'Add Products', to: paths.dashboard.addProducts },
      { label: 'Drafts', to: paths.dashboard.drafts },
      { label: 'Product Blips', to: paths.dashboard.blips },
    ],
  },
  {
    label: 'Marketing',
    to: paths.dashboard.marketing.root,
    icon: Megaphone,
    children: [
      { label: 'Coupons', to: paths.dashboard.marketing.coupons.list },
      { label: 'Inbox Campaigns', to: paths.dashboard.marketing.inboxCampaigns.list },
    ],
  },
  { label: 'Messages', to: paths.dashboard.messages, icon: MessageSquare },
  {
    label: 'Live Streams',
    to: paths.dashboard.liveStreams.liveStream,
    icon: Radio,
    children: [
      { label: 'Scheduled Shows', to: paths.dashboard.liveStreams.scheduledShows },
      { label: 'Past Shows', to: paths.dashboard.liveStreams.pastShows },
    ],
  },
  { label: 'Analytics & Insights', to: paths.dashboard.analyticsInsights, icon: BarChart3 },
  { label: 'Earnings & Payouts', to: paths.dashboard.earningsPayouts, icon: Wallet },
  { label: 'Learning Area', to: externalLinks.learningArea, icon: GraduationCap, external: true },
  { label: 'Settings', to: paths.dashboard.settings, icon: Settings },
];

/** The screen on show is `to`, or a page under it (React Router's NavLink without `end`). */
export const pathWithin = (pathname: string, to: string) => pathname === to || pathname.startsWith(`${to}/`);

/** A sub-menu starts open when the screen on show is one of its entries. */
export function sectionContains(item: NavItem, pathname: string): boolean {
  const prefixes = [item.to, ...(item.children ?? []).map((c) => c.to)];
  return prefixes.some((p) => pathWithin(pathname, p));
}
