import { Button, FileButton, Group, Modal, Paper, PasswordInput, Progress, SimpleGrid, Stack, Switch, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { BELL_BY_ROLE, changePasswordBody, NOTIFICATIONS_BY_ROLE, updateProfileBody, type BellKind, type NotificationKind } from '@nibras/contract';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureText } from '../../../lib/http';
import { useContractForm } from '../../../lib/forms';
import { EmptyState } from '../../../components/empty-state';
import { FormOutcome } from '../../../components/form-outcome';
import { LoadingDots } from '../../../components/loading-dots';
import { usePageTitle } from '../../../components/use-page-title';
import { ApiError } from '../../../lib/http';
import { useNavigate } from 'react-router';
import type { Role } from '@nibras/contract';
import { paths } from '../../../config/paths';
import { accountQueries, changePassword, removeAvatar, updateProfile, uploadAvatar, type MemberRole, type Profile } from '../api';
import '../accounts.css';

/**
 * Name, email, bio, headline (instructors), phone: saving stays on this page (spec section 4).
 * A new email asks for the current password, as the server does; the field shows only then.
 */
function DetailsForm({ role, profile }: { role: Role; profile: Profile }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { form, onSubmit, pending, failure, success } = useContractForm({
    schema: updateProfileBody,
    initialValues: { name: profile.name, email: profile.email, current_password: '', bio: profile.bio, headline: profile.headline, phone: profile.phone },
    toBody: (values) => ({
      name: values.name,
      bio: values.bio,
      phone: values.phone,
      ...(role === 'instructor' ? { headline: values.headline } : {}),
      ...(emailChanged(values.email) ? { email: values.email.trim(), current_password: values.current_password } : {}),
    }),
    rules: (values): Record<string, string> => (emailChanged(values.email) && !values.current_password ? { current_password: 'api.auth.current_password_required' } : {}),
    send: (body) => updateProfile(role, body),
    networkFailure: 'profile.saveFailed',
    onSuccess: async (result) => {
      form.setValues({ email: result.data.email, current_password: '' });
      form.resetDirty();
      // The admin's screen fetches the profile again after saving (spec section 4); members take the answer.
      if (role === 'admin') await queryClient.invalidateQueries({ queryKey: accountQueries.profile(role).queryKey });
      else queryClient.setQueryData(accountQueries.profile(role).queryKey, result.data);
      void queryClient.invalidateQueries({ queryKey: accountQueries.name(role).queryKey });
    },
  });
  function emailChanged(email: string) {
    return email.trim() !== profile.email;
  }
  const fieldErrors = Object.keys(form.errors).length > 0;

  return (
    <Paper withBorder p="lg" radius="lg" component="section" aria-labelledby="profile-details">
      <Title order={2} size="h3" id="profile-details" mb="md">
        {t('profile.details')}
      </Title>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <FormOutcome
            success={{ text: success === null ? null : success || t('profile.saved'), polite: true, testId: 'profile-saved' }}
            failure={{ text: fieldErrors ? null : failure, role: 'alert', color: 'red.9' }}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput label={t('profile.name')} required dir="auto" autoComplete="name" {...form.getInputProps('name')} />
            <TextInput label={t('profile.email')} type="email" required dir="ltr" autoComplete="email" {...form.getInputProps('email')} />
            <TextInput label={t('profile.phone')} styles={{ input: { direction: 'ltr' } }} type="tel" autoComplete="tel" {...form.getInputProps('phone')} />
            {role === 'instructor' ? <TextInput label={t('profile.headline')} dir="auto" {...form.getInputProps('headline')} /> : null}
            {emailChanged(form.values.email) ? (
              <PasswordInput
                label={t('profile.password.old')}
                description={t('profile.emailNeedsPassword')}
                autoComplete="current-password"
                required
                data-testid="email-current-password"
                {...form.getInputProps('current_password')}
              />
            ) : null}
          </SimpleGrid>
          <Textarea label={t('profile.bio')} dir="auto" autosize minRows={3} {...form.getInputProps('bio')} />
          <Group>
            <Button type="submit" loading={pending}>
              {t('profile.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** Avatar upload with a rounded whole percentage (spec sections 4 and 9), preview, and removal behind a confirmation. */
function AvatarPanel({ role, profile }: { role: MemberRole; profile: Profile }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const hintId = useId();
  const resetRef = useRef<() => void>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [confirming, { open, close }] = useDisclosure(false);
  const [removing, setRemoving] = useState(false);

  const store = (next: Profile) => queryClient.setQueryData(accountQueries.profile(role).queryKey, next);

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    setNotice(null);
    setPercent(0);
    setUploading(true);
    try {
      store(await uploadAvatar(role, file, setPercent));
      setPercent(100);
      setNotice(t('profile.avatar.uploaded'));
    } catch (failure) {
      setPercent(null);
      const fileError = failure instanceof ApiError && !failure.network ? failure.fieldErrors.file : undefined;
      setError(fileError ?? failureText(failure, t('profile.avatar.failed')));
    } finally {
      setUploading(false);
      resetRef.current?.();
    }
  };

  const remove = async () => {
    setRemoving(true);
    setError(null);
    setNotice(null);
    try {
      store((await removeAvatar(role)).data);
      setPercent(null);
      setNotice(t('profile.avatar.removed'));
      close();
    } catch (failure) {
      setError(failureText(failure, t('profile.avatar.failed')));
      close();
    } finally {
      setRemoving(false);
    }
  };

  return (
    <Paper withBorder p="lg" radius="lg" component="section" aria-labelledby="profile-avatar">
      <Title order={2} size="h3" id="profile-avatar" mb="md">
        {t('profile.avatar.title')}
      </Title>
      <Group align="center" gap="lg">
        {profile.avatar ? (
          <img src={profile.avatar} alt={t('profile.avatar.alt')} className="avatar-preview" data-testid="avatar-image" />
        ) : (
          <div className="avatar-preview avatar-preview--empty" aria-hidden="true">
            <span dir="auto">{[...profile.name.trim()][0] ?? ''}</span>
          </div>
        )}
        <Stack gap="xs" style={{ flex: '1 1 12rem' }}>
          <Text size="xs" c="dimmed" id={hintId}>
            {t('profile.avatar.hint')}
          </Text>
          <Group>
            <FileButton
              accept="image/jpeg,image/png,image/webp"
              disabled={uploading}
              onChange={(file) => void upload(file ?? undefined)}
              resetRef={resetRef}
              inputProps={{ 'data-testid': 'avatar-input' } as React.ComponentProps<'input'>}
            >
              {(props) => (
                <Button {...props} variant="light" size="sm" loading={uploading} aria-describedby={hintId}>
                  {t('profile.avatar.choose')}
                </Button>
              )}
            </FileButton>
          </Group>
          {percent !== null ? (
            <Stack gap={4}>
              <Progress value={percent} aria-label={t('profile.avatar.progressLabel')} />
              <Text size="sm" data-testid="avatar-progress" aria-live="polite">
                {t('profile.avatar.progress', { percent })}
              </Text>
            </Stack>
          ) : null}
          {error ? (
            <Text size="sm" c="red.8" role="alert" data-testid="avatar-error">
              {error}
            </Text>
          ) : null}
          {notice ? (
            <Text size="sm" c="green.9" aria-live="polite">
              {notice}
            </Text>
          ) : null}
          {profile.avatar ? (
            <Group>
              <Button variant="outline" color="red.9" size="xs" onClick={open}>
                {t('profile.avatar.remove')}
              </Button>
            </Group>
          ) : null}
        </Stack>
      </Group>
      <Modal opened={confirming} onClose={close} title={t('profile.avatar.confirmTitle')} centered closeButtonProps={{ 'aria-label': t('profile.avatar.keep') }}>
        <Stack>
          <Text>{t('profile.avatar.confirmText')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('profile.avatar.keep')}
            </Button>
            <Button color="red.9" loading={removing} onClick={() => void remove()}>
              {t('profile.avatar.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}

/**
 * One switch per notification mail of the role (docs/mail.md), on unless turned off; saved through
 * the profile update with the name as it is. The password reset mail is never optional.
 */
function NotificationsForm({ role, profile }: { role: Role; profile: Profile }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [off, setOff] = useState<NotificationKind[]>(profile.mail_opt_outs);
  const [bellOff, setBellOff] = useState<BellKind[]>(profile.bell_opt_outs);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const kinds = NOTIFICATIONS_BY_ROLE[role];
  const bellKinds = BELL_BY_ROLE[role];

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    setPending(true);
    setFailure(null);
    setSaved(null);
    try {
      const result = await updateProfile(role, { name: profile.name, mail_opt_outs: off, bell_opt_outs: bellOff });
      queryClient.setQueryData(accountQueries.profile(role).queryKey, result.data);
      setOff(result.data.mail_opt_outs);
      setBellOff(result.data.bell_opt_outs);
      setSaved(t('profile.notifications.saved'));
    } catch (error) {
      setFailure(failureText(error, t('profile.saveFailed')));
    } finally {
      setPending(false);
    }
  };

  return (
    <Paper withBorder p="lg" radius="lg" component="section" aria-labelledby="profile-notifications">
      <Title order={2} size="h3" id="profile-notifications" mb="xs">
        {t('profile.notifications.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('profile.notifications.text')}
      </Text>
      <form onSubmit={(event) => void save(event)} noValidate>
        <Stack gap="md">
          <FormOutcome success={{ text: saved, polite: true, testId: 'notifications-saved' }} failure={{ text: failure, role: 'alert', color: 'red.9' }} />
          <Title order={3} size="h4" id="profile-mail-kinds">
            {t('profile.notifications.mailTitle')}
          </Title>
          <Stack gap="md" role="group" aria-labelledby="profile-mail-kinds">
          {kinds.map((kind) => (
            <Switch
              key={kind}
              label={t(`profile.notifications.kind.${kind}`)}
              checked={!off.includes(kind)}
              onChange={(event) => {
                const on = event.currentTarget.checked;
                setOff((current) => (on ? current.filter((k) => k !== kind) : [...current, kind]));
              }}
              data-testid={`notify-${kind}`}
            />
          ))}
          </Stack>
          <Title order={3} size="h4" mt="sm" id="profile-bell-kinds">
            {t('profile.bell.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('profile.bell.text')}
          </Text>
          <Stack gap="md" role="group" aria-labelledby="profile-bell-kinds">
          {bellKinds.map((kind) => (
            <Switch
              key={`bell-${kind}`}
              label={t(`profile.bell.kind.${kind}`)}
              checked={!bellOff.includes(kind)}
              onChange={(event) => {
                const on = event.currentTarget.checked;
                setBellOff((current) => (on ? current.filter((k) => k !== kind) : [...current, kind]));
              }}
              data-testid={`bell-${kind}`}
            />
          ))}
          </Stack>
          <Group>
            <Button type="submit" loading={pending}>
              {t('profile.notifications.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function PasswordForm({ role }: { role: Role }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { form, onSubmit, pending, failure, success } = useContractForm({
    schema: changePasswordBody,
    initialValues: { old_password: '', new_password: '', confirm: '' },
    toBody: (values) => ({ old_password: values.old_password, new_password: values.new_password }),
    // The repeated password never leaves the browser: only it can tell a typo.
    rules: (values) => ({
      ...(values.old_password ? {} : { old_password: 'profile.password.required' }),
      ...(values.new_password ? {} : { new_password: 'profile.password.required' }),
      ...(values.new_password === values.confirm ? {} : { confirm: 'profile.password.mismatch' }),
    }),
    send: (body) => changePassword(role, body),
    networkFailure: 'profile.saveFailed',
    onSuccess: () => {
      form.reset();
      // The admin goes on to the dashboard (spec section 4).
      if (role === 'admin') void navigate(paths.dashboard('admin'));
    },
  });
  const fieldErrors = Object.keys(form.errors).length > 0;

  return (
    <Paper withBorder p="lg" radius="lg" component="section" aria-labelledby="profile-password">
      <Title order={2} size="h3" id="profile-password" mb="md">
        {t('profile.password.title')}
      </Title>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md" maw={420}>
          <FormOutcome
            success={{ text: success === null ? null : success || t('profile.password.changed'), polite: true, testId: 'password-changed' }}
            failure={{ text: fieldErrors ? null : failure, role: 'alert', color: 'red.9' }}
          />
          <PasswordInput label={t('profile.password.old')} autoComplete="current-password" required {...form.getInputProps('old_password')} />
          <PasswordInput label={t('profile.password.new')} autoComplete="new-password" required {...form.getInputProps('new_password')} />
          <PasswordInput label={t('profile.password.confirm')} autoComplete="new-password" required {...form.getInputProps('confirm')} />
          <Group>
            <Button type="submit" loading={pending}>
              {t('profile.password.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** The signed-in account: details, avatar (members) and password. */
export default function MyProfilePage({ role }: { role: Role }) {
  const { t } = useTranslation();
  const profile = useQuery(accountQueries.profile(role));
  usePageTitle(t('profile.title'));
  return (
    <Stack gap="lg" maw={860}>
      <Title order={1} className="shell-page__title">
        {t('profile.title')}
      </Title>
      {profile.isPending ? <LoadingDots /> : null}
      {profile.isError ? <EmptyState title={t('profile.error.title')} description={t('profile.error.text')} /> : null}
      {profile.data ? (
        <>
          {role !== 'admin' ? <AvatarPanel role={role} profile={profile.data} /> : null}
          <DetailsForm role={role} profile={profile.data} key={profile.data.id} />
          <NotificationsForm role={role} profile={profile.data} key={`notifications-${profile.data.id}`} />
          <PasswordForm role={role} />
        </>
      ) : null}
    </Stack>
  );
}
