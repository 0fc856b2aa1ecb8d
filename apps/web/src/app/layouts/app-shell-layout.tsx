import { useEffect, useId, useState } from 'react';
import type { ReactNode } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Logo } from '@payrail/ui/logo';
import { GLOSSARY } from '@payrail/ui/glossary';
import { SiteFooter } from '../../components/layout/site-footer';
import { SkipLink } from '@payrail/ui/skip-link';
import layout from '../../components/layout/layout.module.css';
import { Button } from '@payrail/ui/button';
import { Dialog } from '@payrail/ui/dialog';
import { useLogout } from '../../features/auth/api/logout';
import { bannersQueryOptions } from '../../features/banners/api/get-banners';
import { BannerCarousel } from '../../features/banners/components/banner-carousel';
import { benefitsQueryOptions } from '../../features/benefits/api/get-benefits';
import { BenefitMedal } from '../../features/benefits/components/benefit-medal';
import { badgeText, notificationsQueryOptions, unreadCount, useNotifications } from '../../features/notifications/api/get-notifications';
import { BellIcon, NotificationMenu } from '../../features/notifications/components/notification-menu';
import { NotificationList } from '../../features/notifications/components/notification-list';
import { HelpFooter } from '../../features/support/components/help-footer';
import { BRAND } from '../../lib/brand';
import { useRequestsPending } from '@payrail/client/pending-requests';
import { sessionStore, useSession } from '../../lib/session-store';
import { appQueryClient } from '../providers';
import { SMALL_SCREEN, useMediaQuery } from '../../lib/use-media-query';
import styles from './app-shell.module.css';

/** Initials from first and last name; none without both (spec §2: the name is required for initials). */
export function initialsOf(firstName: string | null | undefined, lastName: string | null | undefined): string | null {
  const first = firstName?.trim().charAt(0);
  const last = lastName?.trim().charAt(0);
  return first && last ? `${first}${last}`.toUpperCase() : null;
}

export function greetingOf(firstName: string | null | undefined): string {
  const name = firstName?.trim();
  return name ? `Hi, ${name}` : 'Welcome back';
}

function UserAvatar() {
  const avatar = useSession((state) => state.user?.avatar ?? null);
  const first = useSession((state) => state.user?.first_name ?? null);
  const last = useSession((state) => state.user?.last_name ?? null);
  const initials = initialsOf(first, last);
  return (
    <Link to="/dashboard/personal-information" className={styles.avatar} aria-label="Personal information">
      {avatar ? (
        <img src={avatar} alt="" />
      ) : initials ? (
        <span aria-hidden="true">{initials}</span>
      ) : (
        <svg className={styles.avatarIcon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <circle cx="12" cy="8" r="4" fill="currentColor" />
          <path d="M4 20a8 8 0 0116 0z" fill="currentColor" />
        </svg>
      )}
    </Link>
  );
}

function NavIcon({ d }: { d: string }) {
  return (
    <svg className={styles.navIcon} viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <path d={d} fill="currentColor" />
    </svg>
  );
}

const ICONS = {
  dashboard: 'M3 3h6v8H3zM11 3h6v5h-6zM11 10h6v7h-6zM3 13h6v4H3z',
  loans: 'M2 5a2 2 0 012-2h12a2 2 0 012 2v10a2 2 0 01-2 2H4a2 2 0 01-2-2zm2 2v2h12V7zm0 5v1h5v-1z',
  inbox: 'M3 3h14v14H3zm2 2v6h3l1 2h2l1-2h3V5z',
  consent: 'M5 2h7l4 4v12H5zm2 8l2 2 4-4-1.4-1.4L9 9.2 8.4 8.6z',
  person: 'M10 10a4 4 0 100-8 4 4 0 000 8zm-7 8a7 7 0 0114 0z',
  logout: 'M8 3H4a1 1 0 00-1 1v12a1 1 0 001 1h4v-2H5V5h3zm5 2l-1.4 1.4L13.2 9H7v2h6.2l-1.6 1.6L13 14l4-4z',
};

/**
 * Starts the shell's reads (banners, benefits, notifications) once its module is in, before React draws it: the
 * router calls it when it has loaded the module (router.tsx). Their answers are usually in already (the entry script
 * asked for them: app/page-reads.ts), so the first render draws the banners and the unread count instead of a second
 * render after the reads the components start on mount. The same queries the shell's components make, through the
 * same client; nothing without a session (the guard sends the visitor to sign in) or without the app's client (tests).
 */
export function startShellReads(): void {
  const client = appQueryClient();
  if (!client || sessionStore.getToken() === null) return;
  void client.prefetchQuery(bannersQueryOptions());
  void client.prefetchQuery(benefitsQueryOptions());
  void client.prefetchQuery(notificationsQueryOptions());
}

/**
 * The page's <main>, busy while API calls are in flight. Only it re-renders as they start and end: the
 * shell around it does not, and its children (the page) are the shell's elements, which React keeps.
 */
function ShellMain({ className, children }: { className?: string; children: ReactNode }) {
  const busy = useRequestsPending();
  return (
    <main id="main" tabIndex={-1} className={className} aria-busy={busy || undefined}>
      {children}
    </main>
  );
}

/** The small-screen menu's Notifications entry, with the unread count: only it redraws when the notifications answer. */
function NotificationsNavButton({ onOpen }: { onOpen: () => void }) {
  const { data: notifications } = useNotifications();
  const badge = badgeText(unreadCount(notifications));
  return (
    <button type="button" className={styles.navButton} onClick={onOpen}>
      <BellIcon className={styles.navIcon} />
      Notifications
      {badge ? (
        <span className={styles.navCount}>
          {badge}
          <span className="visually-hidden"> unread</span>
        </span>
      ) : null}
    </button>
  );
}

/** The small-screen notifications dialog; its list is drawn when it opens (closed, the dialog shows nothing). */
function NotificationsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { data: notifications } = useNotifications();
  const unread = unreadCount(notifications);
  return (
    <Dialog open={open} onClose={onClose} title="Notifications" description={unread === 0 ? 'All read' : `${unread} unread`}>
      {open ? <NotificationList /> : null}
    </Dialog>
  );
}

/**
 * The shell of the new-UI pages (spec §2): header (logo, photo or initials, greeting, phone,
 * notification bell, logout), sidebar (Dashboard, Loans & Payments, Personal Information; on small
 * screens also Notifications and Logout; the benefit medal and banners), footer and the help footer.
 */
export function AppShellLayout() {
  const firstName = useSession((state) => state.user?.first_name ?? null);
  const small = useMediaQuery(SMALL_SCREEN);
  const [menuOpen, setMenuOpen] = useState(false);
  const [notificationsOpen, setNotificationsOpen] = useState(false);
  const logout = useLogout();
  const { pathname } = useLocation();
  const sidebarId = useId();
  const queryClient = useQueryClient();
  // On a small screen the sidebar is hidden until the menu opens: its greeting, medal and banners are drawn then,
  // not while hidden (nor again as their reads answer). Their reads still start now, so the menu opens complete.
  const sidebarShown = !small || menuOpen;
  useEffect(() => {
    if (!small) return;
    void queryClient.prefetchQuery(bannersQueryOptions());
    void queryClient.prefetchQuery(benefitsQueryOptions());
  }, [small, queryClient]);

  // A page change closes the small-screen menu.
  useEffect(() => {
    setMenuOpen(false);
  }, [pathname]);

  const greeting = greetingOf(firstName);

  return (
    <div className={layout.page}>
      <SkipLink />
      <header className={styles.header}>
        <div className={styles.headerInner}>
          <Link to="/dashboard" className={layout.logoLink} aria-label="Payrail dashboard">
            <Logo />
          </Link>
          <p className={`${styles.greeting} ${styles.largeOnly}`}>{greeting}</p>
          <div className={styles.headerEnd}>
            <a href={BRAND.supportPhoneHref} className={`${styles.phone} ${styles.largeOnly}`}>
              <span className="visually-hidden">Call customer service at </span>
              {BRAND.supportPhone}
            </a>
            {small ? null : <NotificationMenu />}
            <UserAvatar />
            {small ? null : (
              <Button variant="ghost" size="sm" loading={logout.isPending} onClick={() => logout.mutate()}>
                Log out
              </Button>
            )}
            <Button
              variant="secondary"
              size="sm"
              className={styles.menuButton}
              aria-expanded={menuOpen}
              aria-controls={sidebarId}
              onClick={() => setMenuOpen((open) => !open)}
            >
              Menu
            </Button>
          </div>
        </div>
      </header>
      <div className={styles.body}>
        <aside id={sidebarId} className={styles.sidebar} data-open={menuOpen || undefined} aria-label="Sidebar">
          {small && menuOpen ? <p className={styles.sidebarGreeting}>{greeting}</p> : null}
          <nav aria-label="Dashboard">
            <ul className={styles.navList}>
              <li>
                <NavLink to="/dashboard" end className={styles.navLink}>
                  <NavIcon d={ICONS.dashboard} />
                  {GLOSSARY.places.dashboard}
                </NavLink>
              </li>
              <li>
                <NavLink to="/dashboard/loans-and-payments" className={styles.navLink}>
                  <NavIcon d={ICONS.loans} />
                  {GLOSSARY.places.loansAndPayments}
                </NavLink>
              </li>
              <li>
                <NavLink to="/dashboard/personal-information" className={styles.navLink}>
                  <NavIcon d={ICONS.person} />
                  {GLOSSARY.places.personalInformation}
                </NavLink>
              </li>
              <li>
                <NavLink to="/dashboard/requests" className={styles.navLink}>
                  <NavIcon d={ICONS.inbox} />
                  Requests
                </NavLink>
              </li>
              <li>
                <NavLink to="/dashboard/consents" className={styles.navLink}>
                  <NavIcon d={ICONS.consent} />
                  Consents
                </NavLink>
              </li>
              <li>
                <NavLink to="/dashboard/referral" className={styles.navLink}>
                  <NavIcon d={ICONS.person} />
                  Refer a Friend
                </NavLink>
              </li>
              {small ? (
                <>
                  <li>
                    <NotificationsNavButton onOpen={() => setNotificationsOpen(true)} />
                  </li>
                  <li>
                    <button type="button" className={styles.navButton} onClick={() => logout.mutate()}>
                      <NavIcon d={ICONS.logout} />
                      Log out
                    </button>
                  </li>
                </>
              ) : null}
            </ul>
          </nav>
          {sidebarShown ? <BenefitMedal /> : null}
          {small && menuOpen ? <BannerCarousel /> : null}
        </aside>
        <ShellMain className={styles.main}>
          <Outlet />
          {/* Large-screen banners are 728 × 90 leaderboards: they need the content column, not the sidebar. */}
          {small ? null : (
            <div className={styles.banners}>
              <BannerCarousel />
            </div>
          )}
        </ShellMain>
      </div>
      <HelpFooter />
      <SiteFooter />
      {small ? <NotificationsDialog open={notificationsOpen} onClose={() => setNotificationsOpen(false)} /> : null}
    </div>
  );
}
