import { Anchor, Button, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { loginBody, registerBody, type Role } from '@nibras/contract';
import { useEffect } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths, type AuthMode } from '../../../config/paths';
import { useContractForm } from '../../../lib/forms';
import { signInDestination } from '../../../lib/return-to';
import { sessionStore } from '../../../lib/session';
import { FormOutcome } from '../../../components/form-outcome';
import { usePageTitle } from '../../../components/use-page-title';
import { login, register, type Registration, type Session } from '../api';
import { GoogleSignIn, GoogleSignInError } from './google-sign-in';

export interface AccountFormProps {
  role: Role;
  mode: AuthMode;
}

/** What the login page shows after a successful sign-up: the message, and the address just registered, filled in. */
export interface AuthNotice {
  notice?: string;
  email?: string;
}

/**
 * The one sign-in/sign-up form of every role (spec section 2: one shared form per member
 * role; the admin only signs in). Messages come from the server, already translated.
 */
export function AccountForm({ role, mode }: AccountFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const { notice, email: registeredEmail } = (location.state as AuthNotice | null) ?? {};
  const isRegister = mode === 'register' && role !== 'admin';
  const title = t(`auth.${mode}.title.${role}`);
  usePageTitle(title);

  const { form, onSubmit, pending, failure } = useContractForm({
    schema: isRegister ? registerBody : loginBody,
    initialValues: { name: '', email: '', password: '' },
    toBody: (values) => (isRegister ? values : { email: values.email, password: values.password }),
    send: (body): Promise<{ message: string; data: unknown }> => (isRegister ? register(role, body as Registration) : login(role, body)),
    networkFailure: 'auth.error.network',
    onSuccess: (result, values) => {
      if (isRegister) {
        const state: AuthNotice = { notice: result.message, email: values.email };
        void navigate(paths.login(role), { state });
        return;
      }
      // `?returnTo=` brings the user to the page that asked them to sign in, or that a mail linked to (decision 016):
      // only a page of this role's own area, or a public one for members; the guard reads it the same way (withReturnTo).
      const returnTo = signInDestination(role, new URLSearchParams(location.search).get('returnTo'));
      sessionStore.signIn(role, result.data as Session);
      void navigate(returnTo ?? paths.dashboard(role), { replace: true });
    },
  });

  // Straight from sign-up: only the password is left to type.
  useEffect(() => {
    if (mode !== 'login' || !registeredEmail) return;
    form.setFieldValue('email', registeredEmail);
    document.querySelector<HTMLInputElement>('input[name="password"]')?.focus();
  }, [mode, registeredEmail]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <Paper component="section" withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={440} mx="auto" aria-labelledby="account-form-title">
      <Title order={1} id="account-form-title" size="h2" mb="xs">
        {title}
      </Title>
      <Text c="dimmed" mb="lg">
        {t(`auth.${mode}.subtitle.${role}`)}
      </Text>
      <FormOutcome mb="md" success={{ text: failure ? null : notice, role: 'status', testId: 'auth-notice' }} />
      {role !== 'admin' && mode === 'login' && !failure ? <GoogleSignInError /> : null}
      <FormOutcome mb="md" failure={{ text: failure, role: 'alert', testId: 'auth-error' }} />
      {/* Server messages are translated and field-specific; the browser's own bubbles are neither. */}
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          {isRegister ? (
            <TextInput
              label={t('auth.name')}
              name="name"
              autoComplete="name"
              required
              {...form.getInputProps('name')}
            />
          ) : null}
          <TextInput
            label={t('auth.email')}
            name="email"
            type="email"
            autoComplete={isRegister ? 'email' : 'username'}
            dir="ltr"
            required
            {...form.getInputProps('email')}
          />
          <PasswordInput
            label={t('auth.password')}
            name="password"
            autoComplete={isRegister ? 'new-password' : 'current-password'}
            dir="ltr"
            required
            description={isRegister ? t('auth.password.hint') : undefined}
            {...form.getInputProps('password')}
            visibilityToggleFocusable
            visibilityToggleButtonProps={{ 'aria-label': t('auth.password.toggle') }}
          />
          {mode === 'login' && role !== 'admin' ? (
            <Anchor component={Link} to={paths.forgotPassword(role)} size="sm" fw={600} data-testid="forgot-password-link">
              {t('passwordReset.forgot.link')}
            </Anchor>
          ) : null}
          <Button type="submit" size="md" fullWidth loading={pending}>
            {t(`auth.${mode}.submit`)}
          </Button>
        </Stack>
      </form>
      {role !== 'admin' ? <GoogleSignIn role={role} mode={mode} /> : null}
      {role !== 'admin' ? (
        <Text mt="lg" ta="center">
          {t(mode === 'login' ? 'auth.login.noAccount' : 'auth.register.haveAccount')}{' '}
          <Anchor component={Link} to={paths.auth(role, mode === 'login' ? 'register' : 'login')} fw={700}>
            {t(mode === 'login' ? 'auth.login.toRegister' : 'auth.register.toLogin')}
          </Anchor>
        </Text>
      ) : null}
    </Paper>
  );
}
