// What other features may use of the notes feature.
export { NotesPanel, type NotesPanelProps } from './components/notes-panel';
export { noteKeys } from './api';
