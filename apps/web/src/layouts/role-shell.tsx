import { AppShell, Burger, Button, Group, Indicator, Text } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import type { Role } from '@nibras/contract';
import { NavLink, Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../config/paths';
import { sessionStore } from '../lib/session';
import { useAccountName } from '../features/accounts/public';
import { MessagesHeaderLink, UnreadBadge, useUnreadMessages } from '../features/messages/public';
import { LanguageSwitch } from '../components/language-switch';
import { Logo } from '../components/logo';
import { MAIN_CONTENT_ID, SkipLink } from '../components/skip-link';
import { PUBLIC_STYLESHEET } from './public-stylesheet';
import { useStylesheet } from './use-stylesheet';

interface ShellLink {
  to: string;
  labelKey: string;
  end?: boolean;
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
    links.push({ to: paths.courses(role), labelKey: 'authoring.nav.courses' }, { to: paths.submissions(role), labelKey: 'quiz.review.nav' });
  }
  if (role === 'admin') {
    links.push(
      { to: paths.adminOrders, labelKey: 'adminOrders.nav' },
      { to: paths.adminCategories, labelKey: 'adminCategories.nav' },
      { to: paths.members('instructor'), labelKey: 'members.instructor.nav' },
      { to: paths.members('participant'), labelKey: 'members.participant.nav' },
      { to: paths.adminSubscribers, labelKey: 'subscribers.nav' },
      { to: paths.adminContactMessages, labelKey: 'contactMessages.nav' },
      { to: paths.adminCms('home'), labelKey: 'adminCms.nav.home' },
      { to: paths.adminCms('contact'), labelKey: 'adminCms.nav.contact' },
      { to: paths.adminCms('about'), labelKey: 'adminCms.nav.about' },
      { to: paths.adminCms('privacy'), labelKey: 'adminCms.nav.privacy' },
    );
  }
  if (role === 'instructor') links.push({ to: paths.instructorOrders, labelKey: 'instructorOrders.nav' });
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
  const [opened, { toggle, close }] = useDisclosure(false);
  // The collapsed sidebar only slides off-screen; keep its links out of the tab order.
  const isPhone = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  const name = useAccountName(role);
  const unread = useUnreadMessages(role);

  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
      className={`role-shell role-shell--${role}`}
    >
      {role === 'admin' ? null : <PublicStylesheet />}
      <SkipLink />
      <AppShell.Header>
        <Group h="100%" px={{ base: 'xs', sm: 'md' }} justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="xs" wrap="nowrap">
            {/* On a phone the unread count sits on the menu button, whose menu has the Messages link. */}
            <Indicator hiddenFrom="sm" disabled={unread === 0} label={unread > 99 ? '99+' : unread} size={16} color="red.9" offset={3} data-testid="menu-unread">
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
            <Text component="span" size="sm" fw={600} c="nibras.8" visibleFrom="xs">
              {t(`role.${role}`)}
            </Text>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <Text component="span" fw={700} size="sm" visibleFrom="sm" data-testid="account-name" dir="auto">
              {name.data ?? ''}
            </Text>
            <MessagesHeaderLink role={role} count={unread} />
            <LanguageSwitch variant="subtle" size="compact-sm" />
            <Button variant="outline" size="compact-sm" onClick={() => sessionStore.signOut(role, 'user')}>
              {t('shell.logout')}
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="md" id="role-shell-sidebar" aria-label={t('shell.nav.label')} inert={isPhone && !opened}>
        <Text component="p" fw={700} dir="auto" mb="md" hiddenFrom="sm">
          {name.data ?? ''}
        </Text>
        <ul className="shell-nav">
          {shellLinks(role).map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} end={link.end} className="shell-nav__link" onClick={close}>
                {t(link.labelKey)}
                {link.labelKey === 'messages.nav' && unread > 0 ? (
                  <>
                    {' '}
                    <UnreadBadge count={unread} />
                    <span className="visually-hidden">{t('messages.unreadCount', { count: unread })}</span>
                  </>
                ) : null}
              </NavLink>
            </li>
          ))}
        </ul>
      </AppShell.Navbar>
      <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1}>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
