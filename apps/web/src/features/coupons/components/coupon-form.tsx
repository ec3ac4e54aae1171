import { Alert, Button, Group, NumberInput, SegmentedControl, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { couponBody } from '@nibras/contract';
import { useTranslation } from 'react-i18next';
import { useContractForm } from '../../../lib/forms';
import { ApiError } from '../../../lib/http';
import { bodyOf, couponKeys, couponQueries, createCoupon, updateCoupon, type Coupon, type CouponBody, type CouponRole } from '../api';
import { CourseMultiPicker, type PickedCourse } from './course-multi-picker';
import { fromLocalInput, mapFieldErrors, numberOrUndefined, toLocalInput } from './coupon-values';

interface FormValues extends Record<string, unknown> {
  code: string;
  kind: 'percent' | 'fixed';
  value: number | string;
  courses: PickedCourse[];
  startsAt: string;
  endsAt: string;
  totalLimit: number | string;
  perPersonLimit: number | string;
  active: boolean;
}

/** The titles of a coupon's courses, for the picker's chosen values (a coupon keeps their ids only). */
function useChosenCourses(role: CouponRole, ids: number[]): { courses: PickedCourse[]; ready: boolean } {
  const titles = useQueries({ queries: ids.map((id) => couponQueries.courseTitle(role, id)) });
  return {
    courses: ids.map((id, i) => ({ id, title: titles[i]?.data ?? `#${id}` })),
    ready: titles.every((q) => !q.isPending),
  };
}

interface CouponFormProps {
  role: CouponRole;
  /** Null: a new coupon. */
  coupon: Coupon | null;
  /** The site's currency when known (from the list), to name the amount's unit. */
  currency: string | null;
  onDone: (message: string) => void;
  onCancel: () => void;
}

/** Make or change a coupon; instructors must pick at least one of their own courses (no "all courses"). */
export function CouponForm(props: CouponFormProps) {
  const { courses, ready } = useChosenCourses(props.role, props.coupon?.courseIds ?? []);
  const { t } = useTranslation();
  if (!ready) return <Text c="dimmed">{t('coupons.form.loading')}</Text>;
  return <CouponFormFields {...props} courses={courses} />;
}

function CouponFormFields({ role, coupon, currency, onDone, onCancel, courses }: CouponFormProps & { courses: PickedCourse[] }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const initial = coupon ? bodyOf(coupon) : null;
  const initialValue = coupon?.kind === 'fixed' ? initial?.amount : initial?.percent;
  const { form, onSubmit, pending, failure } = useContractForm({
    schema: couponBody,
    initialValues: {
      code: coupon?.code ?? '',
      kind: coupon?.kind ?? 'percent',
      value: initialValue === undefined ? '' : Number(initialValue),
      courses,
      startsAt: toLocalInput(coupon?.startsAt ?? null),
      endsAt: toLocalInput(coupon?.endsAt ?? null),
      totalLimit: coupon?.totalLimit ?? '',
      perPersonLimit: coupon?.perPersonLimit ?? 1,
      active: coupon?.active ?? true,
    } satisfies FormValues as FormValues,
    toBody: (values): CouponBody => {
      const value = numberOrUndefined(values.value);
      return {
        code: values.code.trim().toUpperCase(),
        kind: values.kind,
        ...(values.kind === 'percent' ? { percent: value } : { amount: value }),
        course_ids: values.courses.map((course) => course.id),
        starts_at: fromLocalInput(values.startsAt),
        ends_at: fromLocalInput(values.endsAt),
        total_limit: numberOrUndefined(values.totalLimit) ?? null,
        per_person_limit: numberOrUndefined(values.perPersonLimit) ?? 1,
        active: values.active,
      } as CouponBody;
    },
    rules: (values): Record<string, string> => (role === 'instructor' && values.courses.length === 0 ? { course_ids: 'coupons.field.coursesRequired' } : {}),
    mapErrors: (_values, errors) => mapFieldErrors(errors),
    send: (body) => (coupon ? updateCoupon(role, coupon.id, body) : createCoupon(role, body)),
    networkFailure: 'coupons.saveFailed',
    onSuccess: async (result) => {
      await queryClient.invalidateQueries({ queryKey: couponKeys.all });
      onDone(result.message);
    },
    // Refused as a whole (an admin has just stopped instructors' coupons): the screen reads the switch again and says why.
    onFailure: (error) => {
      if (error instanceof ApiError && error.status === 403 && Object.keys(error.fieldErrors).length === 0) void queryClient.invalidateQueries({ queryKey: couponKeys.all });
    },
  });
  const fieldErrors = Object.keys(form.errors).length > 0;
  const percent = form.values.kind === 'percent';

  return (
    <form onSubmit={onSubmit} noValidate data-testid="coupon-form">
      <Stack gap="md">
        {failure && !fieldErrors ? (
          <Alert color="red.9" role="alert">
            {failure}
          </Alert>
        ) : null}
        <TextInput
          label={t('coupons.field.code')}
          description={t('coupons.field.codeHint')}
          required
          dir="ltr"
          autoComplete="off"
          maxLength={32}
          data-autofocus
          data-testid="coupon-code"
          {...form.getInputProps('code')}
          onChange={(event) => form.setFieldValue('code', event.currentTarget.value.toUpperCase())}
        />
        <Stack gap={4}>
          <Text component="span" size="sm" fw={500} id="coupon-kind-label">
            {t('coupons.field.kind')}
          </Text>
          <SegmentedControl
            aria-labelledby="coupon-kind-label"
            value={form.values.kind}
            onChange={(kind) => form.setFieldValue('kind', kind as FormValues['kind'])}
            data={[
              { value: 'percent', label: t('coupons.kind.percent') },
              { value: 'fixed', label: t('coupons.kind.fixed') },
            ]}
            data-testid="coupon-kind"
          />
        </Stack>
        <NumberInput
          label={percent ? t('coupons.field.percent') : currency ? t('coupons.field.amountIn', { currency }) : t('coupons.field.amount')}
          required
          min={0.01}
          max={percent ? 100 : 1_000_000}
          decimalScale={percent ? 2 : 3}
          rightSection={percent ? <span aria-hidden="true">%</span> : undefined}
          data-testid="coupon-value"
          {...form.getInputProps('value')}
        />
        <CourseMultiPicker
          role={role}
          label={t('coupons.field.courses')}
          description={role === 'admin' ? t('coupons.field.coursesHintAdmin') : t('coupons.field.coursesHintInstructor')}
          required={role === 'instructor'}
          value={form.values.courses}
          onChange={(picked) => form.setFieldValue('courses', picked)}
          error={form.errors.courses}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput type="datetime-local" label={t('coupons.field.startsAt')} description={t('coupons.field.startsAtHint')} data-testid="coupon-starts" {...form.getInputProps('startsAt')} />
          <TextInput type="datetime-local" label={t('coupons.field.endsAt')} description={t('coupons.field.endsAtHint')} data-testid="coupon-ends" {...form.getInputProps('endsAt')} />
          <NumberInput
            label={t('coupons.field.totalLimit')}
            description={t('coupons.field.totalLimitHint')}
            min={1}
            max={1_000_000}
            allowDecimal={false}
            data-testid="coupon-total-limit"
            {...form.getInputProps('totalLimit')}
          />
          <NumberInput label={t('coupons.field.perPersonLimit')} required min={1} max={1000} allowDecimal={false} data-testid="coupon-per-person" {...form.getInputProps('perPersonLimit')} />
        </SimpleGrid>
        <Switch label={t('coupons.field.active')} description={t('coupons.field.activeHint')} data-testid="coupon-active" {...form.getInputProps('active', { type: 'checkbox' })} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('coupons.cancel')}
          </Button>
          <Button type="submit" loading={pending} data-testid="coupon-save">
            {coupon ? t('coupons.save') : t('coupons.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
