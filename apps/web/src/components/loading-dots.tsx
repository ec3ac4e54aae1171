import { useTranslation } from 'react-i18next';
import { bootLoadingLabel } from '../i18n/boot-label';

/** "Loading", in the UI language, even before the translations have arrived. */
export function useLoadingLabel(): string {
  const { t, i18n, ready } = useTranslation(undefined, { useSuspense: false });
  return ready ? t('common.loading') : bootLoadingLabel(i18n.language);
}

/** The spec's three-dot indicator, shown while a screen's code or the translations load. */
export function LoadingDots({ fullPage = false }: { fullPage?: boolean }) {
  const label = useLoadingLabel();
  return (
    <div className={fullPage ? 'loading-dots loading-dots--page' : 'loading-dots'} role="status" aria-label={label} aria-live="polite">
      <span className="loading-dots__dot" aria-hidden="true" />
      <span className="loading-dots__dot" aria-hidden="true" />
      <span className="loading-dots__dot" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
