import { Alert, Anchor, Button, Group, Paper, PasswordInput, SimpleGrid, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { memberAddBody, memberUpdateBody } from '@nibras/contract';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useContractForm } from '../../../lib/forms';
import { failureText } from '../../../lib/http';
import { formatLongDate } from '../../../lib/format';
import { paths } from '../../../config/paths';
import { EmptyState } from '../../../components/empty-state';
import { LoadingDots } from '../../../components/loading-dots';
import { usePageTitle } from '../../../components/use-page-title';
import { addMember, memberKeys, memberQueries, reactivateMember, updateMember, type Member, type MemberRoleName } from '../api';
import type { MemberListNotice } from './member-list-page';

interface FormValues extends Record<string, unknown> {
  name: string;
  email: string;
  password: string;
  phone: string;
  headline: string;
  bio: string;
}

function MemberForm({ role, member }: { role: MemberRoleName; member: Member | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { form, onSubmit, pending, failure } = useContractForm({
    schema: member ? memberUpdateBody : memberAddBody,
    initialValues: {
      name: member?.name ?? '',
      email: member?.email ?? '',
      password: '',
      phone: member?.phone ?? '',
      headline: member?.headline ?? '',
      bio: member?.bio ?? '',
    } satisfies FormValues,
    toBody: (values) => ({
      name: values.name,
      email: values.email.trim(),
      password: values.password,
      phone: values.phone,
      bio: values.bio,
      ...(role === 'instructor' ? { headline: values.headline } : {}),
    }),
    send: (body) => (member ? updateMember(role, member.id, body) : addMember(role, body)),
    networkFailure: 'members.saveFailed',
    onSuccess: async (result) => {
      form.resetDirty();
      await queryClient.invalidateQueries({ queryKey: memberKeys.of(role) });
      // Add and update go back to the list (spec section 4), which shows the server's words once.
      void navigate(paths.members(role), { state: { notice: result.message } satisfies MemberListNotice });
    },
  });
  const fieldErrors = Object.keys(form.errors).length > 0;

  return (
    <Paper withBorder p="lg" radius="lg">
      <form onSubmit={onSubmit} noValidate data-testid="member-form">
        <Stack gap="md">
          {failure && !fieldErrors ? (
            <Alert color="red.9" role="alert">
              {failure}
            </Alert>
          ) : null}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput label={t('members.field.name')} required dir="auto" autoComplete="off" {...form.getInputProps('name')} />
            <TextInput label={t('members.field.email')} type="email" required dir="ltr" autoComplete="off" {...form.getInputProps('email')} />
            <PasswordInput
              label={t('members.field.password')}
              description={member ? t('members.field.passwordKeep') : t('members.field.passwordHint')}
              required={!member}
              autoComplete="new-password"
              {...form.getInputProps('password')}
            />
            <TextInput label={t('members.field.phone')} styles={{ input: { direction: 'ltr' } }} type="tel" autoComplete="off" {...form.getInputProps('phone')} />
            {role === 'instructor' ? <TextInput label={t('members.field.headline')} dir="auto" {...form.getInputProps('headline')} /> : null}
          </SimpleGrid>
          <Textarea label={t('members.field.bio')} dir="auto" autosize minRows={3} {...form.getInputProps('bio')} />
          <Group>
            <Button type="submit" loading={pending} data-testid="member-save">
              {member ? t('members.save') : t(`members.${role}.add`)}
            </Button>
            <Anchor component={Link} to={paths.members(role)}>
              {t('members.backToList')}
            </Anchor>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** A deactivated account says so above its form, with the way back in. */
function DeactivatedNotice({ role, member }: { role: MemberRoleName; member: Member }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const reactivate = useMutation({
    mutationFn: () => reactivateMember(role, member.id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: memberKeys.of(role) }),
  });
  return (
    <Alert color="yellow" styles={{ title: { color: 'var(--mantine-color-text)' } }} data-testid="member-deactivated" title={t('members.deactivatedTitle')}>
      <Stack gap="xs" align="flex-start">
        <span>{t('members.deactivatedText', { date: formatLongDate(member.deactivatedAt ?? member.createdAt, i18n.language) })}</span>
        {reactivate.isError ? <span role="alert">{failureText(reactivate.error, t('members.failed'))}</span> : null}
        <Button size="xs" loading={reactivate.isPending} onClick={() => reactivate.mutate()}>
          {t('members.reactivate')}
        </Button>
      </Stack>
    </Alert>
  );
}

/** Add (`/admin/{role}/add`) or edit (`/admin/{role}/edit/{id}`) an instructor or participant. */
export default function MemberFormPage({ role }: { role: MemberRoleName }) {
  const { t } = useTranslation();
  const { id } = useParams();
  const numericId = id === undefined ? null : Number(id);
  const valid = numericId === null || (Number.isInteger(numericId) && numericId > 0);
  const existing = useQuery({ ...memberQueries.one(role, numericId ?? 0), enabled: numericId !== null && valid });
  const title = numericId === null ? t(`members.${role}.addTitle`) : t(`members.${role}.editTitle`);
  usePageTitle(title);

  return (
    <Stack gap="lg" maw={860}>
      <Title order={1} className="shell-page__title">
        {title}
      </Title>
      {numericId === null ? <MemberForm role={role} member={null} /> : null}
      {numericId !== null && valid && existing.isPending ? <LoadingDots /> : null}
      {numericId !== null && (!valid || existing.isError) ? (
        <EmptyState title={t('members.loadError.title')} description={t('members.loadError.text')}>
          <Button component={Link} to={paths.members(role)} variant="default">
            {t('members.backToList')}
          </Button>
        </EmptyState>
      ) : null}
      {existing.data?.status === 'deactivated' ? <DeactivatedNotice role={role} member={existing.data} /> : null}
      {existing.data ? <MemberForm role={role} member={existing.data} key={existing.data.id} /> : null}
    </Stack>
  );
}
