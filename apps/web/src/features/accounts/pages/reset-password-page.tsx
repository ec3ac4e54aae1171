import { Alert, Anchor, Button, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { RESET_ROLES, resetPasswordBody } from '@nibras/contract';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/http';
import { useContractForm } from '../../../lib/forms';
import { EmptyState } from '../../../components/empty-state';
import { FormOutcome } from '../../../components/form-outcome';
import { LoadingDots } from '../../../components/loading-dots';
import { usePageTitle } from '../../../components/use-page-title';
import { passwordResetQueries, resetPassword, type ResetLink } from '../api';
import type { AuthNotice } from '../components/account-form';

/** The three segments of /reset-password/{user}/{id}/{hash}, when they can be a link at all. */
function linkOf(params: Record<string, string | undefined>): ResetLink | null {
  const user = RESET_ROLES.find((role) => role === params.user);
  const id = Number(params.id);
  if (!user || !/^\d+$/.test(params.id ?? '') || !Number.isSafeInteger(id) || id < 1 || !params.hash) return null;
  return { user, id, hash: params.hash };
}

function ResetForm({ link, email, invitation }: { link: ResetLink; email: string; invitation: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { form, onSubmit, pending, failure } = useContractForm({
    schema: resetPasswordBody,
    initialValues: { password: '', confirm_password: '' },
    toBody: (values) => ({ ...link, ...values }),
    send: resetPassword,
    networkFailure: 'auth.error.network',
    onSuccess: (result) => {
      // The link is used up: coming back to it must ask the server again.
      queryClient.removeQueries({ queryKey: passwordResetQueries.check(link).queryKey });
      // The sign-in form opens with the account's address filled in: only the new password is left to type.
      const state: AuthNotice = { notice: result.message, email };
      void navigate(paths.login(link.user), { replace: true, state });
    },
  });
  return (
    <>
      <Text c="dimmed" mb="lg" className="break-anywhere">
        {invitation ? t('passwordReset.invitation.subtitle') : t('passwordReset.reset.subtitle')} <bdi dir="ltr" data-testid="reset-email">{email}</bdi>
      </Text>
      <FormOutcome mb="md" failure={{ text: failure, role: 'alert', testId: 'reset-error' }} />
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <PasswordInput
            label={t('passwordReset.reset.password')}
            name="password"
            autoComplete="new-password"
            dir="ltr"
            required
            description={t('auth.password.hint')}
            {...form.getInputProps('password')}
            visibilityToggleFocusable
            visibilityToggleButtonProps={{ 'aria-label': t('auth.password.toggle') }}
          />
          <PasswordInput
            label={t('passwordReset.reset.confirm')}
            name="confirm_password"
            autoComplete="new-password"
            dir="ltr"
            required
            {...form.getInputProps('confirm_password')}
            visibilityToggleFocusable
            visibilityToggleButtonProps={{ 'aria-label': t('auth.password.toggle') }}
          />
          <Button type="submit" size="md" fullWidth loading={pending}>
            {t('passwordReset.reset.submit')}
          </Button>
        </Stack>
      </form>
    </>
  );
}

/** The mailed link lands here: the link is checked first, then the new password is asked for twice. */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const link = linkOf(useParams());
  const check = useQuery({ ...passwordResetQueries.check(link ?? { user: 'participant', id: 1, hash: '' }), enabled: !!link });
  // An admin's invitation sets a first password (docs/bulk-enrolment.md): the same form, its own words.
  const title = check.data?.invitation ? t('passwordReset.invitation.title') : t('passwordReset.reset.title');
  usePageTitle(title);
  const refused = !link || (check.isError && check.error instanceof ApiError && check.error.status >= 400 && check.error.status < 500 && !check.error.network);
  const role = link?.user ?? 'participant';

  return (
    <div className="auth-page site-container">
      <Paper component="section" withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={440} mx="auto" aria-labelledby="reset-password-title">
        <Title order={1} id="reset-password-title" size="h2" mb="xs">
          {title}
        </Title>
        {link && check.isPending ? <LoadingDots /> : null}
        {refused ? (
          <EmptyState
            title={t('passwordReset.invalid.title')}
            description={check.error instanceof ApiError && check.error.status === 429 ? check.error.message : t('passwordReset.invalid.text')}
          >
            <Button component={Link} to={paths.forgotPassword(role)} data-testid="reset-ask-again">
              {t('passwordReset.invalid.again')}
            </Button>
          </EmptyState>
        ) : null}
        {check.isError && !refused ? (
          <Alert color="red" role="alert" data-testid="reset-check-error">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{t('auth.error.network')}</Text>
              <Button variant="light" size="xs" onClick={() => void check.refetch()}>
                {t('passwordReset.retry')}
              </Button>
            </Stack>
          </Alert>
        ) : null}
        {link && check.data ? <ResetForm link={link} email={check.data.email} invitation={check.data.invitation} /> : null}
        <Text mt="lg" ta="center">
          <Anchor component={Link} to={paths.login(role)} fw={700}>
            {t('passwordReset.backToLogin')}
          </Anchor>
        </Text>
      </Paper>
    </div>
  );
}
