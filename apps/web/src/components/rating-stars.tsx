import { useTranslation } from 'react-i18next';
import { formatNumber } from '../lib/format';

/** Five stars filled to the average, with the average and count as text (the stars themselves are decorative). */
export function RatingStars({ average, count, label: given }: { average: number; count: number; label?: string }) {
  const { t, i18n } = useTranslation();
  const label = given ?? (count === 0 ? t('catalog.rating.none') : t('catalog.rating.label', { average: formatNumber(average, i18n.language, 1), count }));
  return (
    <p className="rating-stars" data-testid="rating">
      <span className="rating-stars__stars" aria-hidden="true" style={{ ['--rating' as string]: String(Math.max(0, Math.min(5, average)) / 5) }}>
        <span className="rating-stars__fill">★★★★★</span>
        <span className="rating-stars__empty">★★★★★</span>
      </span>
      <span className="rating-stars__text">{label}</span>
    </p>
  );
}
