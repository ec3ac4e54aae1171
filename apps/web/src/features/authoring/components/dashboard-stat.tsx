import { Paper, Stack, Text, Title } from '@mantine/core';

export interface DashboardFigure {
  label: string;
  value: string;
  testId: string;
}

/** One card of the instructor dashboard: a heading and its figures as a description list. */
export function DashboardStat({ title, figures, headingId }: { title: string; figures: DashboardFigure[]; headingId: string }) {
  const [main, ...rest] = figures;
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby={headingId}>
      <Stack gap={4}>
        <Title order={2} size="h5" id={headingId} c="gray.8">
          {title}
        </Title>
        {main ? (
          <dl className="authoring-stat">
            <div>
              <dt className="visually-hidden">{main.label}</dt>
              <dd className="authoring-stat__value" data-testid={main.testId}>
                {main.value}
              </dd>
            </div>
            {rest.map((figure) => (
              <div key={figure.testId} className="authoring-stat__row">
                <Text component="dt" size="sm" c="dimmed">
                  {figure.label}
                </Text>
                <Text component="dd" size="sm" fw={600} data-testid={figure.testId}>
                  {figure.value}
                </Text>
              </div>
            ))}
          </dl>
        ) : null}
      </Stack>
    </Paper>
  );
}
