import type { ReactNode } from 'react';

export interface Fact {
  label: string;
  value: ReactNode;
  testId?: string;
}

/** Short labelled facts about a course (price, language, enrolments…), wrapping on narrow screens. */
export function ListFacts({ facts }: { facts: (Fact | false)[] }) {
  return (
    <dl className="authoring-facts">
      {facts
        .filter((fact): fact is Fact => fact !== false)
        .map((fact) => (
          <div key={fact.label}>
            <dt>{fact.label}</dt>
            <dd data-testid={fact.testId}>{fact.value}</dd>
          </div>
        ))}
    </dl>
  );
}
