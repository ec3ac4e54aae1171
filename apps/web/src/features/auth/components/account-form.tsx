import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import type { Role } from '@nibras/contract';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { login, register } from '../../../api/accounts';
import { ApiError } from '../../../api/http';
import { paths, type AuthMode } from '../../../app/paths';
import { sessionStore } from '../../../app/session';
import { usePageTitle } from '../../../components/use-page-title';
import { safeReturnTo } from '../../../app/return-to';

export interface AccountFormProps {
  role: Role;
  mode: AuthMode;
}

/** What the login page shows after a successful sign-up. */
export interface AuthNotice {
  notice?: string;
}

type Field = 'name' | 'email' | 'password';

/**
 * The one sign-in/sign-up form of every role (spec section 2: one shared form per member
 * role; the admin only signs in). Messages come from the server, already translated.
 */
export function AccountForm({ role, mode }: AccountFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const notice = (location.state as AuthNotice | null)?.notice;
  const [values, setValues] = useState<Record<Field, string>>({ name: '', email: '', password: '' });
  const isRegister = mode === 'register' && role !== 'admin';
  const title = t(`auth.${mode}.title.${role}`);
  usePageTitle(title);

  const submit = useMutation({
    mutationFn: async () => {
      if (isRegister) return { kind: 'registered' as const, result: await register(role, values) };
      return { kind: 'signedIn' as const, result: await login(role, { email: values.email, password: values.password }) };
    },
    onSuccess: (outcome) => {
      if (outcome.kind === 'registered') {
        const state: AuthNotice = { notice: outcome.result.message };
        void navigate(paths.login(role), { state });
        return;
      }
      // `?returnTo=` brings a visitor back to where signing in was asked for (same-site paths only).
      const returnTo = role === 'participant' ? safeReturnTo(new URLSearchParams(location.search).get('returnTo')) : null;
      if (returnTo) {
        // The guard sends a participant signed in on this page to the same returnTo (route-guard-rules withReturnTo).
        sessionStore.signIn(role, outcome.result.data);
        void navigate(returnTo, { replace: true });
        return;
      }
      sessionStore.signIn(role, outcome.result.data);
      void navigate(paths.dashboard(role), { replace: true });
    },
  });

  const error = submit.error instanceof ApiError ? submit.error : null;
  const alert = submit.error ? (error && !error.network ? error.message : t('auth.error.network')) : null;
  const fieldError = (field: Field) => error?.fieldErrors[field];
  const change = (field: Field) => (event: { currentTarget: HTMLInputElement }) => {
    const value = event.currentTarget.value;
    setValues((previous) => ({ ...previous, [field]: value }));
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!submit.isPending) submit.mutate();
  };

  return (
    <Paper component="section" withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={440} mx="auto" aria-labelledby="account-form-title">
      <Title order={1} id="account-form-title" size="h2" mb="xs">
        {title}
      </Title>
      <Text c="dimmed" mb="lg">
        {t(`auth.${mode}.subtitle.${role}`)}
      </Text>
      {notice && !submit.error ? (
        <Alert color="green" mb="md" role="status" data-testid="auth-notice">
          {notice}
        </Alert>
      ) : null}
      {alert ? (
        <Alert color="red" mb="md" role="alert" data-testid="auth-error">
          {alert}
        </Alert>
      ) : null}
      {/* Server messages are translated and field-specific; the browser's own bubbles are neither. */}
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          {isRegister ? (
            <TextInput
              label={t('auth.name')}
              name="name"
              autoComplete="name"
              required
              value={values.name}
              onChange={change('name')}
              error={fieldError('name')}
            />
          ) : null}
          <TextInput
            label={t('auth.email')}
            name="email"
            type="email"
            autoComplete={isRegister ? 'email' : 'username'}
            dir="ltr"
            required
            value={values.email}
            onChange={change('email')}
            error={fieldError('email')}
          />
          <PasswordInput
            label={t('auth.password')}
            name="password"
            autoComplete={isRegister ? 'new-password' : 'current-password'}
            dir="ltr"
            required
            description={isRegister ? t('auth.password.hint') : undefined}
            value={values.password}
            onChange={change('password')}
            error={fieldError('password')}
            visibilityToggleFocusable
            visibilityToggleButtonProps={{ 'aria-label': t('auth.password.toggle') }}
          />
          <Button type="submit" size="md" fullWidth loading={submit.isPending}>
            {t(`auth.${mode}.submit`)}
          </Button>
        </Stack>
      </form>
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
