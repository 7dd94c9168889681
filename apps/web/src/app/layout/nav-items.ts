import { paths } from '@/config/paths';

export type NavItem = { to: string; label: string; end?: boolean };

/** Top navigation of the spec, in its order. */
export const publicNavItems: NavItem[] = [
  { to: paths.home, label: 'Home', end: true },
  { to: paths.marketplace, label: 'Marketplace' },
  { to: paths.market, label: 'Market' },
  { to: paths.deals, label: 'Deals' },
  { to: paths.directory, label: 'Directory' },
  { to: paths.payments, label: 'Payments' },
  { to: paths.blog, label: 'Blog' },
  { to: paths.about, label: 'About' },
];

export const signedInNavItems: NavItem[] = [
  { to: paths.subscription, label: 'Subscription' },
  { to: paths.dashboard, label: 'Dashboard' },
];

/** The header's icon link on every width; also listed in the mobile menu, with the unread total. */
export const messagesNavItem: NavItem = { to: paths.messages, label: 'Messages' };

/** Reached from the Account menu on wide screens and listed in the mobile menu. */
export const accountNavItems: NavItem[] = [
  { to: paths.account, label: 'Account Settings' },
  { to: paths.profile, label: 'Profile Settings' },
];

export const adminNavItem: NavItem = { to: paths.admin, label: 'Admin' };

export const footerPlatformLinks: NavItem[] = [
  { to: paths.marketplace, label: 'Marketplace' },
  { to: paths.payments, label: 'Payments & Escrow' },
  { to: paths.subscription, label: 'Pricing' },
  { to: paths.howItWorks, label: 'How it Works' },
  { to: paths.api, label: 'API' },
];

export const footerSupportLinks: NavItem[] = [
  { to: paths.help, label: 'Help Center' },
  { to: paths.contact, label: 'Contact Us' },
  { to: paths.privacy, label: 'Privacy Policy' },
  { to: paths.terms, label: 'Terms of Service' },
];
