import { Alert, Button, FileButton, Group, Modal, Paper, PasswordInput, Progress, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Profile } from '@nibras/contract';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchProfile } from '../../../api/accounts';
import { ApiError } from '../../../api/http';
import { changePassword, removeAvatar, updateProfile, uploadAvatar } from '../../../api/learner';
import type { MemberRole } from '../../../app/paths';
import { currentToken, useSession } from '../../../app/session';
import { EmptyState } from '../../../components/empty-state';
import { LoadingDots } from '../../../components/loading-dots';
import { usePageTitle } from '../../../components/use-page-title';
import '../../learner/learner.css';

interface Failure {
  message: string;
  fields: Record<string, string>;
}

function failureOf(error: unknown, fallback: string): Failure {
  if (error instanceof ApiError) return { message: error.network ? fallback : error.message || fallback, fields: { ...error.fieldErrors } };
  return { message: fallback, fields: {} };
}

function profileKey(role: MemberRole, localId: string | undefined) {
  return ['profile', role, localId];
}

/** Name, bio, headline (instructors), phone: saving stays on this page (spec section 4). */
function DetailsForm({ role, profile }: { role: MemberRole; profile: Profile }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const session = useSession(role);
  const [values, setValues] = useState({ name: profile.name, bio: profile.bio, headline: profile.headline, phone: profile.phone });
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const set = (field: keyof typeof values) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setValues((before) => ({ ...before, [field]: value }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setDone(null);
    setFailure(null);
    try {
      const body = { name: values.name, bio: values.bio, phone: values.phone, ...(role === 'instructor' ? { headline: values.headline } : {}) };
      const result = await updateProfile(role, body, currentToken(role));
      queryClient.setQueryData(profileKey(role, session?.localId), result.data);
      await queryClient.invalidateQueries({ queryKey: ['account-name', role] });
      setDone(result.message || t('profile.saved'));
    } catch (error) {
      setFailure(failureOf(error, t('profile.saveFailed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper withBorder p="lg" radius="lg" component="section" aria-labelledby="profile-details">
      <Title order={2} size="h3" id="profile-details" mb="md">
        {t('profile.details')}
      </Title>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {done ? (
            <Alert color="green" aria-live="polite" data-testid="profile-saved">
              {done}
            </Alert>
          ) : null}
          {failure && Object.keys(failure.fields).length === 0 ? (
            <Alert color="red.9" role="alert">
              {failure.message}
            </Alert>
          ) : null}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput label={t('profile.name')} value={values.name} onChange={set('name')} required dir="auto" error={failure?.fields.name} autoComplete="name" />
            <TextInput label={t('profile.email')} value={profile.email} readOnly dir="ltr" />
            <TextInput label={t('profile.phone')} value={values.phone} onChange={set('phone')} styles={{ input: { direction: 'ltr' } }} type="tel" autoComplete="tel" error={failure?.fields.phone} />
            {role === 'instructor' ? (
              <TextInput label={t('profile.headline')} value={values.headline} onChange={set('headline')} dir="auto" error={failure?.fields.headline} />
            ) : null}
          </SimpleGrid>
          <Textarea label={t('profile.bio')} value={values.bio} onChange={set('bio')} dir="auto" autosize minRows={3} error={failure?.fields.bio} />
          <Group>
            <Button type="submit" loading={busy}>
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
  const session = useSession(role);
  const hintId = useId();
  const resetRef = useRef<() => void>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [confirming, { open, close }] = useDisclosure(false);
  const [removing, setRemoving] = useState(false);

  const store = (next: Profile) => queryClient.setQueryData(profileKey(role, session?.localId), next);

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    setNotice(null);
    setPercent(0);
    setUploading(true);
    try {
      store(await uploadAvatar(role, file, currentToken(role), setPercent));
      setPercent(100);
      setNotice(t('profile.avatar.uploaded'));
    } catch (failure) {
      setPercent(null);
      const { message, fields } = failureOf(failure, t('profile.avatar.failed'));
      setError(fields.file ?? message);
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
      store((await removeAvatar(role, currentToken(role))).data);
      setPercent(null);
      setNotice(t('profile.avatar.removed'));
      close();
    } catch (failure) {
      setError(failureOf(failure, t('profile.avatar.failed')).message);
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

function PasswordForm({ role }: { role: MemberRole }) {
  const { t } = useTranslation();
  const [values, setValues] = useState({ old: '', next: '', confirm: '' });
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const set = (field: keyof typeof values) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setValues((before) => ({ ...before, [field]: value }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    setFailure(null);
    const fields: Record<string, string> = {};
    if (!values.old) fields.old_password = t('profile.password.required');
    if (!values.next) fields.new_password = t('profile.password.required');
    if (values.next !== values.confirm) fields.confirm = t('profile.password.mismatch');
    if (Object.keys(fields).length > 0) {
      setFailure({ message: '', fields });
      return;
    }
    setBusy(true);
    try {
      const result = await changePassword(role, { old_password: values.old, new_password: values.next }, currentToken(role));
      setValues({ old: '', next: '', confirm: '' });
      setDone(result.message || t('profile.password.changed'));
    } catch (error) {
      setFailure(failureOf(error, t('profile.saveFailed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper withBorder p="lg" radius="lg" component="section" aria-labelledby="profile-password">
      <Title order={2} size="h3" id="profile-password" mb="md">
        {t('profile.password.title')}
      </Title>
      <form onSubmit={submit} noValidate>
        <Stack gap="md" maw={420}>
          {done ? (
            <Alert color="green" aria-live="polite" data-testid="password-changed">
              {done}
            </Alert>
          ) : null}
          {failure && failure.message && Object.keys(failure.fields).length === 0 ? (
            <Alert color="red.9" role="alert">
              {failure.message}
            </Alert>
          ) : null}
          <PasswordInput label={t('profile.password.old')} value={values.old} onChange={set('old')} autoComplete="current-password" error={failure?.fields.old_password} required />
          <PasswordInput label={t('profile.password.new')} value={values.next} onChange={set('next')} autoComplete="new-password" error={failure?.fields.new_password} required />
          <PasswordInput label={t('profile.password.confirm')} value={values.confirm} onChange={set('confirm')} autoComplete="new-password" error={failure?.fields.confirm} required />
          <Group>
            <Button type="submit" loading={busy}>
              {t('profile.password.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** The member's own account: details, avatar and password. */
export default function MyProfilePage({ role }: { role: MemberRole }) {
  const { t } = useTranslation();
  const session = useSession(role);
  const profile = useQuery({
    queryKey: profileKey(role, session?.localId),
    queryFn: async () => (await fetchProfile(role, currentToken(role))).data,
    enabled: !!session,
  });
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
          <AvatarPanel role={role} profile={profile.data} />
          <DetailsForm role={role} profile={profile.data} key={profile.data.id} />
          <PasswordForm role={role} />
        </>
      ) : null}
    </Stack>
  );
}
