import type { ReactNode } from 'react';
import { EmptyState as MantineEmptyState } from '@mantine/core';

interface EmptyStateProps {
  title: string;
  description: string;
  /** Keeps the page's heading outline intact: one h1 per page, sections below it. */
  headingLevel?: 1 | 2 | 3;
  children?: ReactNode;
}

/** An honest "not here yet" in place of content that arrives in a later release. */
export function EmptyState({ title, description, headingLevel = 2, children }: EmptyStateProps) {
  return (
    <MantineEmptyState className="empty-state" withIndicatorBackground>
      <MantineEmptyState.Indicator>
        <span className="empty-state__lamp" aria-hidden="true" />
      </MantineEmptyState.Indicator>
      <MantineEmptyState.Title order={headingLevel}>{title}</MantineEmptyState.Title>
      <MantineEmptyState.Description>{description}</MantineEmptyState.Description>
      {children ? <MantineEmptyState.Actions>{children}</MantineEmptyState.Actions> : null}
    </MantineEmptyState>
  );
}
