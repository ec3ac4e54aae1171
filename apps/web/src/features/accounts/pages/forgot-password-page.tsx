import { Anchor, Button, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { forgetPasswordBody } from '@nibras/contract';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths, type MemberRole } from '../../../config/paths';
import { useContractForm } from '../../../lib/forms';
import { FormOutcome } from '../../../components/form-outcome';
import { usePageTitle } from '../../../components/use-page-title';
import { forgetPassword } from '../api';

/**
 * /participant/forgot-password and /instructor/forgot-password: asks for a reset link by mail. The
 * server answers the same whether or not the account exists, and so does this screen.
 */
export default function ForgotPasswordPage({ role }: { role: MemberRole }) {
  const { t } = useTranslation();
  const title = t(`passwordReset.forgot.title.${role}`);
  usePageTitle(title);
  const { form, onSubmit, pending, failure, success } = useContractForm({
    schema: forgetPasswordBody,
    initialValues: { email: '' },
    toBody: (values) => ({ email: values.email.trim(), role }),
    send: forgetPassword,
    networkFailure: 'auth.error.network',
  });

  return (
    <div className="auth-page site-container">
      <Paper component="section" withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={440} mx="auto" aria-labelledby="forgot-password-title">
        <Title order={1} id="forgot-password-title" size="h2" mb="xs">
          {title}
        </Title>
        <Text c="dimmed" mb="lg">
          {t('passwordReset.forgot.subtitle')}
        </Text>
        <FormOutcome mb="md" success={{ text: failure ? null : success, role: 'status', testId: 'forgot-sent' }} failure={{ text: failure, role: 'alert', testId: 'forgot-error' }} />
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            <TextInput label={t('auth.email')} name="email" type="email" autoComplete="username" dir="ltr" required {...form.getInputProps('email')} />
            <Button type="submit" size="md" fullWidth loading={pending}>
              {t('passwordReset.forgot.submit')}
            </Button>
          </Stack>
        </form>
        <Text mt="lg" ta="center">
          <Anchor component={Link} to={paths.login(role)} fw={700}>
            {t('passwordReset.backToLogin')}
          </Anchor>
        </Text>
      </Paper>
    </div>
  );
}
