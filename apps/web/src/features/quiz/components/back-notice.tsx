import { Alert } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';

/**
 * The reason a detail screen sent the user back to this list (spec sections 4 and 8), carried in the
 * navigation state; dismissing it clears the state so a reload does not show it again.
 */
export function BackNotice() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const notice = (location.state as { notice?: string } | null)?.notice;
  if (!notice) return null;
  return (
    <Alert color="red" data-testid="quiz-notice" withCloseButton closeButtonLabel={t('quiz.dismiss')} onClose={() => navigate(location.pathname + location.search, { replace: true, state: null })}>
      {notice}
    </Alert>
  );
}
