import { useBackOfficeWords } from '../i18n/back-office';
import { useEffect, useLayoutEffect, type ComponentType } from 'react';
import { ActionIcon, AppShell, Box, Burger, Button, Group, Indicator, Text, Tooltip, useDirection } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import {
  IconAddressBook,
  IconBook,
  IconCategory,
  IconDiscount,
  IconChalkboard,
  IconChecklist,
  IconClipboardCheck,
  IconClipboardList,
  IconFileInvoice,
  IconFileText,
  IconHeart,
  IconHome,
  IconInfoCircle,
  IconLayoutDashboard,
  IconLogout,
  IconMail,
  IconMessage,
  IconMessageQuestion,
  IconNews,
  IconChartBar,
  IconReceipt,
  IconSchool,
  IconShieldLock,
  IconStar,
  IconUser,
  IconUserPlus,
  IconUsers,
} from '@tabler/icons-react';
import type { Role } from '@nibras/contract';
import { NavLink, Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../config/paths';
import { sessionStore } from '../lib/session';
import { useAccountName } from '../features/accounts/public';
import { MessagesHeaderLink, UnreadBadge, useUnreadMessages } from '../features/messages/public';
import { NotificationBell } from '../features/notifications/public';
import { LanguageSwitch } from '../components/language-switch';
import { Logo } from '../components/logo';
import { MAIN_CONTENT_ID, SkipLink } from '../components/skip-link';
import { PUBLIC_STYLESHEET } from './public-stylesheet';
import { useStylesheet } from './use-stylesheet';
import { ThemeSettingsPanel, themeStore, useThemeState, type SidebarStyle } from '../features/theme/public';

interface ShellLink {
  to: string;
  labelKey: string;
  end?: boolean;
}

/** An icon per link: the narrow sidebar styles (mini, compact, icon-hover) show only these, or these first. */
const LINK_ICONS: Record<string, ComponentType<{ size?: number; 'aria-hidden'?: boolean | 'true' }>> = {
  'shell.nav.dashboard': IconLayoutDashboard,
  'mycourses.nav': IconSchool,
  'wishlist.nav': IconHeart,
  'orders.nav': IconReceipt,
  'quiz.my.nav': IconChecklist,
  'authoring.nav.courses': IconBook,
  'quiz.review.nav': IconClipboardCheck,
  'assignments.nav.queue': IconClipboardList,
  'adminOrders.nav': IconReceipt,
  'invoices.nav': IconFileInvoice,
  'coupons.nav': IconDiscount,
  'reviews.nav': IconStar,
  'adminCategories.nav': IconCategory,
  'members.instructor.nav': IconChalkboard,
  'members.participant.nav': IconUsers,
  'enrolments.nav': IconUserPlus,
  'subscribers.nav': IconNews,
  'reports.nav': IconChartBar,
  'contactMessages.nav': IconMail,
  'adminCms.nav.home': IconHome,
  'adminCms.nav.contact': IconAddressBook,
  'adminCms.nav.about': IconInfoCircle,
  'adminCms.nav.privacy': IconShieldLock,
  'instructorOrders.nav': IconReceipt,
  'messages.nav': IconMessage,
  'questions.nav': IconMessageQuestion,
  'shell.nav.profile': IconUser,
  'shell.nav.site': IconFileText,
};

/** Sidebar width per style; overlay's opens over the content, so it takes no room of its own. */
const SIDEBAR_WIDTH: Record<SidebarStyle, number> = { full: 260, modern: 260, overlay: 260, mini: 80, 'icon-hover': 80, compact: 112 };
/** Styles whose sidebar shows icons alone: the label is visually hidden (still the link's name) and a tooltip. */
const ICONS_ONLY: ReadonlySet<SidebarStyle> = new Set(['mini', 'icon-hover']);

/**
 * The theme applies while the area is shown (Providers reads it), and the width rule runs at
 * load and whenever the window enters another band, before paint so nothing jumps.
 */
function useAreaTheme(): void {
  useLayoutEffect(() => {
    const leave = themeStore.enterArea();
    const onResize = () => themeStore.applyWidth(window.innerWidth);
    onResize();
    window.addEventListener('resize', onResize);
    return () => {
      window.removeEventListener('resize', onResize);
      leave();
    };
  }, []);
}

function shellLinks(role: Role): ShellLink[] {
  const links: ShellLink[] = [{ to: paths.dashboard(role), labelKey: 'shell.nav.dashboard' }];
  if (role === 'participant') {
    links.push(
      { to: paths.myCourses, labelKey: 'mycourses.nav' },
      { to: paths.wishlist, labelKey: 'wishlist.nav' },
      { to: paths.orders, labelKey: 'orders.nav' },
      { to: paths.myAssessments, labelKey: 'quiz.my.nav' },
    );
  }
  if (role === 'admin' || role === 'instructor') {
    links.push({ to: paths.courses(role), labelKey: 'authoring.nav.courses' }, { to: paths.submissions(role), labelKey: 'quiz.review.nav' }, { to: paths.gradingQueue(role), labelKey: 'assignments.nav.queue' });
    links.push({ to: paths.questions(role), labelKey: 'questions.nav' });
  }
  if (role === 'admin') {
    links.push(
      { to: paths.adminReports, labelKey: 'reports.nav' },
      { to: paths.adminOrders, labelKey: 'adminOrders.nav' },
      { to: paths.adminInvoices, labelKey: 'invoices.nav' },
      { to: paths.coupons('admin'), labelKey: 'coupons.nav' },
      { to: paths.reviews('admin'), labelKey: 'reviews.nav' },
      { to: paths.adminCategories, labelKey: 'adminCategories.nav' },
      { to: paths.members('instructor'), labelKey: 'members.instructor.nav' },
      { to: paths.members('participant'), labelKey: 'members.participant.nav' },
      { to: paths.adminEnrolments, labelKey: 'enrolments.nav' },
      { to: paths.adminSubscribers, labelKey: 'subscribers.nav' },
      { to: paths.adminContactMessages, labelKey: 'contactMessages.nav' },
      { to: paths.adminCms('home'), labelKey: 'adminCms.nav.home' },
      { to: paths.adminCms('contact'), labelKey: 'adminCms.nav.contact' },
      { to: paths.adminCms('about'), labelKey: 'adminCms.nav.about' },
      { to: paths.adminCms('privacy'), labelKey: 'adminCms.nav.privacy' },
    );
  }
  if (role === 'instructor') links.push({ to: paths.instructorOrders, labelKey: 'instructorOrders.nav' }, { to: paths.coupons('instructor'), labelKey: 'coupons.nav' }, { to: paths.reviews('instructor'), labelKey: 'reviews.nav' });
  links.push({ to: paths.messages(role), labelKey: 'messages.nav' });
  links.push({ to: paths.myProfile(role), labelKey: 'shell.nav.profile' });
  if (role !== 'admin') {
    // Members keep the public site (a participant enrols from course details).
    links.push({ to: paths.home, labelKey: 'shell.nav.site', end: true });
  }
  return links;
}

/** Spec section 2: every page but the admin's uses the public site's style sheet. */
function PublicStylesheet() {
  useStylesheet(PUBLIC_STYLESHEET.href, PUBLIC_STYLESHEET.name);
  return null;
}

/** The signed-in area of one role: sidebar, header with the user's name, language and sign-out. */
export default function RoleShell({ role }: { role: Role }) {
  const { t } = useTranslation();
  // The signed-in areas' words come in a catalog of their own (i18n/back-office.ts).
  useBackOfficeWords();
  const [opened, { toggle, close }] = useDisclosure(false);
  // The collapsed sidebar only slides off-screen; keep its links out of the tab order.
  const isPhone = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  const name = useAccountName(role);
  const unread = useUnreadMessages(role);
  useAreaTheme();
  const theme = useThemeState();
  const { dir } = useDirection();
  const horizontal = theme.layout === 'horizontal';
  const overlay = theme.sidebar === 'overlay' && !horizontal;
  // The burger opens the sidebar on a phone, and at every width in the overlay style.
  const burgerOnly = overlay ? undefined : 'sm';
  const hidden = !horizontal && (isPhone || overlay) && !opened;
  const iconsOnly = ICONS_ONLY.has(theme.sidebar) && !isPhone && !horizontal;
  // Escape closes an overlay sidebar, as it would a drawer.
  useEffect(() => {
    if (!opened || !overlay) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [opened, overlay, close]);

  const links = shellLinks(role).map((link) => {
    const Icon = LINK_ICONS[link.labelKey] ?? IconFileText;
    const label = t(link.labelKey);
    return (
      <li key={link.to}>
        <Tooltip label={label} position={dir === 'rtl' ? 'left' : 'right'} disabled={!iconsOnly} withinPortal>
          <NavLink to={link.to} end={link.end} className="shell-nav__link" onClick={close}>
            <Icon size={20} aria-hidden="true" />
            <span className="shell-nav__label">{label}</span>
            {link.labelKey === 'messages.nav' && unread > 0 ? (
              <>
                {' '}
                <UnreadBadge count={unread} />
                <span className="visually-hidden">{t('messages.unreadCount', { count: unread })}</span>
              </>
            ) : null}
          </NavLink>
        </Tooltip>
      </li>
    );
  });

  return (
    <AppShell
      header={{ height: horizontal ? 116 : 64 }}
      navbar={horizontal ? undefined : { width: SIDEBAR_WIDTH[theme.sidebar], breakpoint: 'sm', collapsed: { mobile: !opened, desktop: overlay && !opened } }}
      padding="md"
      className={`role-shell role-shell--${role}`}
      data-sidebar={horizontal ? 'horizontal' : theme.sidebar}
      data-layout={theme.layout}
      data-background={theme.background}
      data-sidebar-position={theme.sidebarPosition}
      data-header-position={theme.headerPosition}
      data-container={theme.container}
      data-font={theme.font}
      data-color={theme.color}
      data-testid="role-shell"
    >
      {role === 'admin' ? null : <PublicStylesheet />}
      <SkipLink />
      <AppShell.Header>
        <Group h={64} px={{ base: 'xs', sm: 'md' }} justify="space-between" wrap="nowrap" gap="xs" className="role-shell__bar">
          <Group gap="xs" wrap="nowrap">
            {/* On a phone the unread count sits on the menu button, whose menu has the Messages link. */}
            <Indicator hiddenFrom={burgerOnly} display={horizontal ? 'none' : undefined} disabled={unread === 0} label={unread > 99 ? '99+' : unread} size={16} color="red.9" offset={3} data-testid="menu-unread">
              <Burger
                opened={opened}
                onClick={toggle}
                size="sm"
                aria-label={`${opened ? t('shell.menu.close') : t('shell.menu.open')}${unread > 0 ? ` (${t('messages.header.unread', { count: unread })})` : ''}`}
                aria-expanded={opened}
                aria-controls="role-shell-sidebar"
              />
            </Indicator>
            <Logo to={paths.dashboard(role)} />
            <Text component="span" size="sm" fw={600} className="role-shell__role" visibleFrom="xs">
              {t(`role.${role}`)}
            </Text>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <Text component="span" fw={700} size="sm" visibleFrom="sm" data-testid="account-name" dir="auto">
              {name.data ?? ''}
            </Text>
            <MessagesHeaderLink role={role} count={unread} />
            <NotificationBell role={role} />
            {/* On a phone the header is full: the settings open from the sidebar menu (unless the layout has none). */}
            <Box visibleFrom={horizontal ? undefined : 'sm'}>
              <ThemeSettingsPanel />
            </Box>
            <LanguageSwitch variant="subtle" size="compact-sm" />
            <Button variant="outline" size="compact-sm" visibleFrom="xs" onClick={() => sessionStore.signOut(role, 'user')}>
              {t('shell.logout')}
            </Button>
            {/* On a narrow phone the header also holds the bell: sign-out is its icon there, named the same. */}
            <ActionIcon variant="outline" size="md" hiddenFrom="xs" aria-label={t('shell.logout')} onClick={() => sessionStore.signOut(role, 'user')}>
              <IconLogout size={18} aria-hidden="true" />
            </ActionIcon>
          </Group>
        </Group>
        {horizontal ? (
          <nav className="role-shell__topnav" aria-label={t('shell.nav.label')} id="role-shell-sidebar">
            <ul className="shell-nav shell-nav--horizontal">{links}</ul>
          </nav>
        ) : null}
      </AppShell.Header>
      {horizontal ? null : (
        <AppShell.Navbar p="md" id="role-shell-sidebar" aria-label={t('shell.nav.label')} inert={hidden} data-icons-only={iconsOnly || undefined}>
          <Text component="p" fw={700} dir="auto" mb="md" hiddenFrom="sm">
            {name.data ?? ''}
          </Text>
          <ul className="shell-nav">{links}</ul>
          <Box hiddenFrom="sm" mt="md">
            <ThemeSettingsPanel trigger="button" />
          </Box>
        </AppShell.Navbar>
      )}
      <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1}>
        <div className="role-shell__content">
          <Outlet />
        </div>
      </AppShell.Main>
    </AppShell>
  );
}
