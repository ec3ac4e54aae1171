import { ActionIcon, Button, Group, Popover, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type Command = 'bold' | 'italic' | 'heading' | 'bullets' | 'numbers';

interface RichTextEditorProps {
  label: string;
  /** HTML; read when the editor mounts and whenever it differs from what the editor last produced. */
  value: string;
  onChange: (html: string) => void;
  error?: string | undefined;
  description?: string;
  testId?: string;
}

const HEADING = 'h3';

/** What the toolbar's pressed states show for the current selection. */
function activeCommands(): Record<Command, boolean> {
  const block = String(document.queryCommandValue('formatBlock')).toLowerCase();
  return {
    bold: document.queryCommandState('bold'),
    italic: document.queryCommandState('italic'),
    heading: block === HEADING,
    bullets: document.queryCommandState('insertUnorderedList'),
    numbers: document.queryCommandState('insertOrderedList'),
  };
}

const NONE: Record<Command, boolean> = { bold: false, italic: false, heading: false, bullets: false, numbers: false };

/**
 * A small rich-text field: a contentEditable area and a toolbar (bold, italic, heading, lists,
 * link) on the browser's editing commands. It produces HTML; the server sanitises it to its
 * allow-list, so nothing here has to be trusted. Ctrl+B and Ctrl+I work as in any editor.
 */
export function RichTextEditor({ label, value, onChange, error, description, testId }: RichTextEditorProps) {
  const { t } = useTranslation();
  const id = useId();
  const areaRef = useRef<HTMLDivElement>(null);
  const lastHtml = useRef<string | null>(null);
  const savedRange = useRef<Range | null>(null);
  const [active, setActive] = useState(NONE);
  const [linkOpen, setLinkOpen] = useState(false);
  const [linkUrl, setLinkUrl] = useState('https://');

  useEffect(() => {
    const area = areaRef.current;
    if (area && value !== lastHtml.current) {
      area.innerHTML = value;
      lastHtml.current = value;
    }
  }, [value]);

  const emit = useCallback(() => {
    const html = areaRef.current?.innerHTML ?? '';
    lastHtml.current = html;
    onChange(html);
  }, [onChange]);

  const selectionInside = () => {
    const selection = document.getSelection();
    return !!selection && selection.rangeCount > 0 && !!areaRef.current?.contains(selection.anchorNode);
  };

  useEffect(() => {
    const track = () => setActive(selectionInside() ? activeCommands() : NONE);
    document.addEventListener('selectionchange', track);
    return () => document.removeEventListener('selectionchange', track);
  }, []);

  const run = (command: Command) => {
    areaRef.current?.focus();
    // Enter makes paragraphs, the tag the server keeps, instead of Chromium's default divs.
    document.execCommand('defaultParagraphSeparator', false, 'p');
    if (command === 'heading') document.execCommand('formatBlock', false, activeCommands().heading ? 'p' : HEADING);
    else if (command === 'bullets') document.execCommand('insertUnorderedList');
    else if (command === 'numbers') document.execCommand('insertOrderedList');
    else document.execCommand(command);
    setActive(activeCommands());
    emit();
  };

  const openLink = () => {
    const selection = document.getSelection();
    savedRange.current = selectionInside() && selection ? selection.getRangeAt(0).cloneRange() : null;
    setLinkOpen(true);
  };

  const applyLink = () => {
    const url = linkUrl.trim();
    setLinkOpen(false);
    areaRef.current?.focus();
    const selection = document.getSelection();
    if (savedRange.current && selection) {
      selection.removeAllRanges();
      selection.addRange(savedRange.current);
    }
    if (!/^(https?:\/\/|mailto:)/i.test(url)) return;
    if (selection?.isCollapsed) document.execCommand('insertHTML', false, `<a href="${encodeURI(url)}">${escapeText(url)}</a>`);
    else document.execCommand('createLink', false, url);
    emit();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // Tab leaves the field (keyboard users must not be trapped in it).
    if (event.key === 'Tab') return;
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
      event.preventDefault();
      openLink();
    }
  };

  const tool = (command: Command, labelKey: string, icon: ReactNode) => (
    <Tooltip label={t(labelKey)} withinPortal>
      <ActionIcon
        variant={active[command] ? 'filled' : 'default'}
        size="lg"
        aria-label={t(labelKey)}
        aria-pressed={active[command]}
        aria-controls={`${id}-area`}
        // Keeps the selection in the text while the button is clicked.
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => run(command)}
        data-testid={`rich-text-${command}`}
      >
        {icon}
      </ActionIcon>
    </Tooltip>
  );

  return (
    <Stack gap={6} className="rich-text">
      <Text component="div" id={`${id}-label`} size="sm" fw={500}>
        {label}
      </Text>
      {description ? (
        <Text id={`${id}-description`} size="xs" c="dimmed">
          {description}
        </Text>
      ) : null}
      <div className="rich-text__frame" data-invalid={error ? 'true' : undefined}>
        <Group gap={4} role="toolbar" aria-label={t('authoring.richText.toolbar', { label })} className="rich-text__toolbar">
          {tool('bold', 'authoring.richText.bold', <ToolIcon path="M7 5h6a3.5 3.5 0 0 1 0 7H7zM7 12h7a3.5 3.5 0 0 1 0 7H7z" />)}
          {tool('italic', 'authoring.richText.italic', <ToolIcon path="M10 5h8M6 19h8M14 5l-4 14" />)}
          {tool('heading', 'authoring.richText.heading', <ToolIcon path="M6 5v14M18 5v14M6 12h12" />)}
          {tool('bullets', 'authoring.richText.bullets', <ToolIcon path="M10 7h10M10 12h10M10 17h10M5 7h.01M5 12h.01M5 17h.01" />)}
          {tool('numbers', 'authoring.richText.numbers', <ToolIcon path="M11 7h9M11 12h9M11 17h9M4 5h2v5M4 10h3M4 14h3l-3 5h3" />)}
          <Popover opened={linkOpen} onChange={setLinkOpen} trapFocus withinPortal position="bottom-start" shadow="md">
            <Popover.Target>
              <ActionIcon
                variant="default"
                size="lg"
                aria-label={t('authoring.richText.link')}
                aria-haspopup="dialog"
                aria-expanded={linkOpen}
                onMouseDown={(event) => event.preventDefault()}
                onClick={openLink}
                data-testid="rich-text-link"
              >
                <ToolIcon path="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />
              </ActionIcon>
            </Popover.Target>
            <Popover.Dropdown>
              <form
                onSubmit={(event) => {
                  event.preventDefault();
                  applyLink();
                }}
              >
                <Stack gap="xs">
                  <TextInput label={t('authoring.richText.linkUrl')} value={linkUrl} onChange={(event) => setLinkUrl(event.currentTarget.value)} dir="ltr" type="url" data-autofocus />
                  <Group gap="xs" justify="flex-end">
                    <Button size="xs" variant="default" onClick={() => setLinkOpen(false)}>
                      {t('authoring.richText.cancel')}
                    </Button>
                    <Button size="xs" type="submit">
                      {t('authoring.richText.applyLink')}
                    </Button>
                  </Group>
                </Stack>
              </form>
            </Popover.Dropdown>
          </Popover>
        </Group>
        <div
          ref={areaRef}
          id={`${id}-area`}
          className="rich-text__area"
          role="textbox"
          aria-multiline="true"
          aria-labelledby={`${id}-label`}
          aria-describedby={[description ? `${id}-description` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined}
          aria-invalid={error ? true : undefined}
          contentEditable
          suppressContentEditableWarning
          tabIndex={0}
          dir="auto"
          onInput={emit}
          onKeyDown={onKeyDown}
          data-testid={testId}
        />
      </div>
      {error ? (
        <Text id={`${id}-error`} size="sm" c="red.8">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}

/** Toolbar glyphs drawn as lines, not letters: a letter would not match the button's name in every language. */
function ToolIcon({ path }: { path: string }) {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d={path} />
    </svg>
  );
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
