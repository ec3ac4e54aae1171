import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { fetchHome } from '../../../api/catalog';
import { paths } from '../../../app/paths';

/** The footer's category links, from the same call (and cache) as the home page. */
export function FooterCategories() {
  const { t, i18n } = useTranslation();
  const home = useQuery({ queryKey: ['public-home'], queryFn: fetchHome, staleTime: 5 * 60_000 });
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
