import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../config/paths';

/** The name is the logo: "نبراس" in Arabic, "Nibras" in English. */
export function Logo({ to = paths.home, inverted = false }: { to?: string; inverted?: boolean }) {
  const { t } = useTranslation();
  return (
    <Link to={to} className={inverted ? 'logo logo--inverted' : 'logo'}>
      <span className="logo__mark" aria-hidden="true" />
      <span className="logo__name">{t('app.name')}</span>
    </Link>
  );
}
