import { noteTimeText } from '@nibras/contract';
import { translate, type Language } from '../../lib/i18n';

export interface NotesExport {
  courseTitle: string;
  language: Language;
  notes: Array<{ sectionId: number; sectionTitle: string; lectureId: number; lectureTitle: string; positionSeconds: number | null; body: string }>;
}

/** Characters Markdown would read as formatting, written as themselves. */
function escapeInline(text: string): string {
  return text.replace(/[\\`*_[\]<>|]/g, (ch) => `\\${ch}`);
}

/** A line that would start a heading, quote, list or rule, kept as text. */
function escapeLineStart(line: string): string {
  return line.replace(/^(\s*)([#>+=-]|\d+[.)])/, '$1\\$2');
}

/** A title on one line (a heading cannot hold a line break). */
const oneLine = (text: string) => escapeInline(text.replace(/\s+/g, ' ').trim());

/**
 * The participant's notes on a course as Markdown: the course as the title (headed in the reader's
 * language), then each section and lecture of the outline that holds notes, in the list's order, each
 * note a list item led by its moment (01:23) or "whole lecture". Notes are plain text: what Markdown
 * would read as formatting is escaped, and their lines stay inside their item.
 */
export function notesMarkdown(data: NotesExport): string {
  const t = (key: string, params?: Record<string, string | number>) => translate(data.language, `api.notes.export.${key}`, params);
  const out: string[] = [`# ${t('title', { course: oneLine(data.courseTitle) })}`, ''];
  if (!data.notes.length) out.push(`_${t('empty')}_`, '');
  let section: number | null = null;
  let lecture: number | null = null;
  for (const note of data.notes) {
    const newSection = note.sectionId !== section;
    if ((newSection || note.lectureId !== lecture) && out.at(-1) !== '') out.push('');
    if (newSection) {
      section = note.sectionId;
      lecture = null;
      out.push(`## ${oneLine(note.sectionTitle)}`, '');
    }
    if (note.lectureId !== lecture) {
      lecture = note.lectureId;
      out.push(`### ${oneLine(note.lectureTitle)}`, '');
    }
    const lead = note.positionSeconds === null ? t('whole_lecture') : noteTimeText(note.positionSeconds);
    const lines = note.body.split(/\r?\n/).map((line) => escapeLineStart(escapeInline(line.trimEnd())));
    out.push(`- **${lead}** ${lines[0] ?? ''}`, ...lines.slice(1).map((line) => (line ? `  ${line}` : '')));
  }
  return `${out.join('\n').replace(/\n{3,}/g, '\n\n').trimEnd()}\n`;
}
