import { Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import type { DragEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { moveKey, type MoveControl } from './outline-lecture-row';
import type { DraftSection } from './outline-model';
import { OutlineHandle, OutlineMoveButtons } from './outline-row-tools';

export interface SectionCardProps {
  section: DraftSection;
  number: number;
  canMoveUp: boolean;
  canMoveDown: boolean;
  titleError?: string;
  rowError?: string;
  dragging: boolean;
  children: ReactNode;
  /** When the section opens (section-release-field.tsx). */
  release?: ReactNode;
  onTitle: (title: string) => void;
  onMove: (direction: -1 | 1, control: MoveControl) => void;
  onDelete: () => void;
  onAddLecture: () => void;
  onDragStart: (event: DragEvent) => void;
  onDragEnd: () => void;
  onDragOver: (event: DragEvent) => void;
  onDrop: (event: DragEvent) => void;
}

/** A section of the outline: its title and moves, its lectures (children), and a drop zone for lectures at its end. */
export function OutlineSectionCard(props: SectionCardProps) {
  const { t } = useTranslation();
  const { section } = props;
  const name = section.title.trim() || t('authoring.step4.untitledSection');
  return (
    <li className="outline-section" data-row={section.key} data-testid="outline-section" data-section-id={section.id ?? ''} data-dragging={props.dragging || undefined}>
      <Paper withBorder radius="lg" p="sm" onDragOver={props.onDragOver} onDrop={props.onDrop}>
        <Stack gap="sm">
          {/* Alt+Arrow keys in the section's own controls move the section; its lectures handle their own. */}
          <Stack gap="sm" onKeyDown={(event) => moveKey(event, props.onMove)}>
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <OutlineHandle label={t('authoring.step4.sectionHandle', { title: name })} testId="section-handle" onDragStart={props.onDragStart} onDragEnd={props.onDragEnd} />
              <TextInput
                className="outline-grow"
                label={t('authoring.step4.sectionTitle', { number: props.number })}
                value={section.title}
                onChange={(event) => props.onTitle(event.currentTarget.value)}
                error={props.titleError}
                dir="auto"
                maxLength={200}
                data-testid="section-title"
                data-control="title"
              />
            </Group>
            <OutlineMoveButtons
              justify="flex-end"
              upLabel={t('authoring.step4.sectionUp', { title: name })}
              downLabel={t('authoring.step4.sectionDown', { title: name })}
              deleteLabel={t('authoring.step4.deleteSectionFor', { title: name })}
              canMoveUp={props.canMoveUp}
              canMoveDown={props.canMoveDown}
              onUp={() => props.onMove(-1, 'up')}
              onDown={() => props.onMove(1, 'down')}
              onDelete={props.onDelete}
              deleteTestId="section-delete"
            />
          </Stack>
          {props.release}
          {props.rowError ? (
            <Text size="sm" c="red.9">
              {props.rowError}
            </Text>
          ) : null}
          {section.lectures.length === 0 ? (
            <Text size="sm" c="dimmed" className="outline-empty">
              {t('authoring.step4.noLectures')}
            </Text>
          ) : null}
          <ol className="outline-list" aria-label={t('authoring.step4.lecturesOf', { title: name })}>
            {props.children}
          </ol>
          <Group>
            <Button size="xs" variant="light" onClick={props.onAddLecture} data-testid="add-lecture">
              {t('authoring.step4.addLecture')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </li>
  );
}
