import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isLanguage, type Language } from '../i18n/config';
import { switchLanguage } from '../i18n/i18n';

/** Shows the other language's name, in that language, and switches to it. */
export function LanguageSwitch({ variant = 'default', size = 'sm' }: { variant?: 'default' | 'subtle' | 'white'; size?: 'sm' | 'compact-sm' }) {
  const { t, i18n } = useTranslation();
  const target: Language = isLanguage(i18n.language) && i18n.language === 'ar' ? 'en' : 'ar';
  return (
    <Button variant={variant} size={size} lang={target} onClick={() => void switchLanguage(target)} data-testid="language-switch">
      {t('language.switch')}
    </Button>
  );
}
