import { Input } from '@mantine/core';
import { Link, RichTextEditor } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { isAllowedLink } from '../links';
import '@mantine/tiptap/styles.layer.css';


interface RichTextFieldProps {
  label: string;
  /** The language the text is written in: the editing area's direction follows it. */
  lang: 'ar' | 'en';
  value?: string;
  onChange: (html: string) => void;
  error?: string | undefined;
  testId?: string;
}

/**
 * Rich text edited with @mantine/tiptap (StarterKit and Link): paragraphs, headings 2-4, bold,
 * italic, underline, strike, lists, quotes, links. Whatever it produces, the server sanitises.
 */
export function RichTextField({ label, lang, value = '', onChange, error, testId }: RichTextFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const labels = useMemo(
    () => ({
      boldControlLabel: t('adminCms.editor.bold'),
      italicControlLabel: t('adminCms.editor.italic'),
      underlineControlLabel: t('adminCms.editor.underline'),
      strikeControlLabel: t('adminCms.editor.strike'),
      h2ControlLabel: t('adminCms.editor.h2'),
      h3ControlLabel: t('adminCms.editor.h3'),
      bulletListControlLabel: t('adminCms.editor.bullets'),
      orderedListControlLabel: t('adminCms.editor.numbers'),
      blockquoteControlLabel: t('adminCms.editor.quote'),
      linkControlLabel: t('adminCms.editor.link'),
      unlinkControlLabel: t('adminCms.editor.unlink'),
      undoControlLabel: t('adminCms.editor.undo'),
      redoControlLabel: t('adminCms.editor.redo'),
      linkEditorInputLabel: t('adminCms.editor.linkUrl'),
      linkEditorInputPlaceholder: 'https://',
      linkEditorExternalLink: t('adminCms.editor.linkNewTab'),
      linkEditorInternalLink: t('adminCms.editor.linkSameTab'),
      linkEditorSave: t('adminCms.editor.linkSave'),
    }),
    [t],
  );
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ heading: { levels: [2, 3, 4] }, link: false, codeBlock: false, horizontalRule: false }),
      Link.configure({ openOnClick: false, isAllowedUri: (url) => isAllowedLink(url) }),
    ],
    content: value,
    immediatelyRender: true,
    shouldRerenderOnTransaction: true,
    editorProps: {
      attributes: {
        'aria-labelledby': `${id}-label`,
        ...(error ? { 'aria-invalid': 'true', 'aria-describedby': `${id}-error` } : {}),
        'aria-multiline': 'true',
        role: 'textbox',
        dir: lang === 'ar' ? 'rtl' : 'ltr',
        lang,
        ...(testId ? { 'data-testid': testId } : {}),
      },
    },
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
  });
  // A value replaced from outside (the saved page arriving, a form reset) is shown.
  useEffect(() => {
    // A destroyed editor (tiptap replaces it when its component is hidden and shown again) has no schema to read.
    if (!editor || editor.isDestroyed) return;
    const current = editor.isEmpty ? '' : editor.getHTML();
    if (value !== current) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  return (
    <Input.Wrapper label={label} labelProps={{ id: `${id}-label`, component: 'div' }} error={error} errorProps={{ id: `${id}-error` }}>
      <RichTextEditor
        editor={editor}
        labels={labels}
        className="cms-editor"
        classNames={{ linkEditor: 'cms-editor__link', linkEditorInput: 'cms-editor__link-input' }}
        data-invalid={error ? 'true' : undefined}
      >
        <RichTextEditor.Toolbar aria-label={t('adminCms.editor.toolbar', { label })}>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
            <RichTextEditor.Strikethrough />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
            <RichTextEditor.Blockquote />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            {/* Kept inside a phone's screen: moved along and flipped when the toolbar is near an edge. */}
            <RichTextEditor.Link popoverProps={{ position: 'bottom', middlewares: { shift: { padding: 8 }, flip: true } }} />
            <RichTextEditor.Unlink />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Undo />
            <RichTextEditor.Redo />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content />
      </RichTextEditor>
    </Input.Wrapper>
  );
}
