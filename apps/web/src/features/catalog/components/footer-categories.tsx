import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { catalogQueries } from '../api';

/** The footer's category links, from the same call (and cache) as the home page. */
export function FooterCategories() {
  const { t, i18n } = useTranslation();
  const home = useQuery({ ...catalogQueries.home(), staleTime: 5 * 60_000 });
  const categories = home.data?.footerCategories ?? [];
  if (categories.length === 0) return null;
  return (
    <nav aria-label={t('catalog.footer.categories')} data-testid="footer-categories">
      <ul className="site-footer__links">
        {categories.map((category) => (
          <li key={category.id}>
            <Link to={paths.category(category.slug)} dir="auto">
              {i18n.language === 'ar' ? category.name_ar : category.name_en}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
