import { lazy, Suspense, useEffect, useState } from 'react';
import { Anchor, Burger, Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, NavLink, Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../config/paths';
import { useSessionSnapshot } from '../lib/session';
import { LanguageSwitch } from '../components/language-switch';
import { Logo } from '../components/logo';
import { FooterCategories } from '../features/catalog/public';
import { HeaderSearch } from '../features/search/public';
import { NewsletterForm } from '../features/outreach/public';
import { MAIN_CONTENT_ID, SkipLink } from '../components/skip-link';
import { announceTakenOver } from '../lib/taken-over';
import { PUBLIC_STYLESHEET } from './public-stylesheet';
import { useBodyClass, useStylesheet } from './use-stylesheet';

const SiteMenuDrawer = lazy(() => import('./site-menu-drawer'));

/** Who is signed in on the public site: an instructor or participant goes to their dashboard. */
function useMember() {
  const { sessions } = useSessionSnapshot();
  return sessions.instructor ? 'instructor' : sessions.participant ? 'participant' : null;
}

function SiteHeaderActions({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const member = useMember();
  if (member) {
    return (
      <Button component={Link} to={paths.dashboard(member)} size="sm" onClick={onNavigate}>
        {t('header.myDashboard')}
      </Button>
    );
  }
  return (
    <>
      <Anchor component={Link} to={paths.login('instructor')} className="site-header__teach" size="sm" onClick={onNavigate}>
        {t('header.instructorLogin')}
      </Anchor>
      <Button component={Link} to={paths.login('participant')} size="sm" onClick={onNavigate}>
        {t('header.signIn')}
      </Button>
    </>
  );
}

function SiteNavLinks({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  return (
    <ul className="site-nav__list">
      <li><NavLink to={paths.home} end className="site-nav__link" onClick={onNavigate}>{t('nav.home')}</NavLink></li>
      <li><NavLink to={paths.search} className="site-nav__link" onClick={onNavigate}>{t('nav.courses')}</NavLink></li>
      <li><NavLink to={paths.about} className="site-nav__link" onClick={onNavigate}>{t('nav.about')}</NavLink></li>
      <li><NavLink to={paths.contact} className="site-nav__link" onClick={onNavigate}>{t('nav.contact')}</NavLink></li>
    </ul>
  );
}

/**
 * Under 70em the header keeps the logo, the search box, the language and the sign-in button; the
 * menu button opens a drawer from the start side that holds every link, "for instructors" included.
 */
function SiteMenu() {
  const { t } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure(false);
  // The drawer's code is fetched the first time the menu is opened, then kept for its animations.
  const [wanted, setWanted] = useState(false);
  return (
    <>
      <Burger
        className="site-header__menu"
        opened={opened}
        onClick={() => {
          setWanted(true);
          toggle();
        }}
        size="sm"
        aria-label={opened ? t('shell.menu.close') : t('shell.menu.open')}
        aria-expanded={opened}
        aria-controls="site-menu"
        data-testid="site-menu-button"
      />
      {wanted && (
        <Suspense fallback={null}>
          <SiteMenuDrawer opened={opened} onClose={close}>
            <nav className="site-menu" aria-label={t('nav.main')}>
              <SiteNavLinks onNavigate={close} />
              <div className="site-menu__actions">
                <SiteHeaderActions onNavigate={close} />
                <LanguageSwitch variant="subtle" size="compact-sm" />
              </div>
            </nav>
          </SiteMenuDrawer>
        </Suspense>
      )}
    </>
  );
}

/** The public site: header, footer, the public style sheet and the `frontend` body class. */
export default function PublicLayout() {
  const { t } = useTranslation();
  useStylesheet(PUBLIC_STYLESHEET.href, PUBLIC_STYLESHEET.name);
  useBodyClass('frontend');
  // The layout and its screen are one boundary of the app: once this runs, a drawn page's buttons answer (lib/taken-over.ts).
  useEffect(announceTakenOver, []);
  const year = new Date().getFullYear();
  return (
    <div className="site">
      <SkipLink />
      <header className="site-header">
        <div className="site-container site-header__inner">
          <SiteMenu />
          <Logo />
          <nav className="site-nav" aria-label={t('nav.main')}>
            <SiteNavLinks />
          </nav>
          <HeaderSearch />
          <div className="site-header__actions">
            <LanguageSwitch variant="subtle" size="compact-sm" />
            <SiteHeaderActions />
          </div>
        </div>
      </header>
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="site-main">
        <Outlet />
      </main>
      <footer className="site-footer">
        <div className="site-container site-footer__inner">
          <div className="site-footer__brand">
            <Logo inverted />
            <p className="site-footer__tagline">{t('app.tagline')}</p>
          </div>
          <nav aria-label={t('nav.footer')}>
            <ul className="site-footer__links">
              <li><Link to={paths.about}>{t('nav.about')}</Link></li>
              <li><Link to={paths.contact}>{t('nav.contact')}</Link></li>
              <li><Link to={paths.privacy}>{t('nav.privacy')}</Link></li>
              <li><Link to={paths.register('instructor')}>{t('footer.teach')}</Link></li>
            </ul>
          </nav>
          <FooterCategories />
          <NewsletterForm />
        </div>
        <p className="site-container site-footer__copyright">{t('footer.copyright', { year })}</p>
      </footer>
    </div>
  );
}
