import { ActionIcon, Group } from '@mantine/core';
import type { DragEvent } from 'react';

/** The drag handle of a section or lecture: a real button, so it is focusable and has a name. */
export function OutlineHandle(props: { label: string; testId: string; onDragStart: (event: DragEvent) => void; onDragEnd: () => void }) {
  return (
    <button type="button" className="outline-handle" draggable data-control="handle" data-testid={props.testId} aria-label={props.label} onDragStart={props.onDragStart} onDragEnd={props.onDragEnd}>
      <span aria-hidden="true">⠿</span>
    </button>
  );
}

export interface MoveButtonsProps {
  upLabel: string;
  downLabel: string;
  deleteLabel: string;
  canMoveUp: boolean;
  canMoveDown: boolean;
  onUp: () => void;
  onDown: () => void;
  onDelete: () => void;
  deleteTestId: string;
  className?: string;
  justify?: 'flex-end';
}

/** Move up, move down and delete of a row (sections, lectures, questions), each with its own name. */
export function OutlineMoveButtons(props: MoveButtonsProps) {
  return (
    <Group gap={4} {...(props.className ? { className: props.className } : {})} {...(props.justify ? { justify: props.justify } : {})}>
      <ActionIcon variant="default" data-control="up" disabled={!props.canMoveUp} onClick={props.onUp} aria-label={props.upLabel}>
        <span aria-hidden="true">↑</span>
      </ActionIcon>
      <ActionIcon variant="default" data-control="down" disabled={!props.canMoveDown} onClick={props.onDown} aria-label={props.downLabel}>
        <span aria-hidden="true">↓</span>
      </ActionIcon>
      <ActionIcon variant="default" color="red.9" onClick={props.onDelete} aria-label={props.deleteLabel} data-testid={props.deleteTestId}>
        <span aria-hidden="true">✕</span>
      </ActionIcon>
    </Group>
  );
}
