import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../lib/format';
import { LoadingDots } from '../../components/loading-dots';
import type * as PdfJsModule from 'pdfjs-dist';
import { completeLecture, type LearnLecture, type ProgressResult } from './api';

/**
 * The player's article and PDF lectures and every lecture's resources (docs/player.md). An article is complete when
 * its end marker has been shown or the reader marks it done; a PDF when its last page has been shown or marked done.
 */

interface DocumentProps {
  lecture: LearnLecture;
  /** The course's language: an Arabic article reads right to left. */
  lang: string;
  completed: boolean;
  onCompleted: (result: ProgressResult) => void;
  onFailed: () => void;
}

/** Reports a lecture complete once (the server ignores a second report, the page does not send it). */
function useCompletion({ lecture, completed, onCompleted, onFailed }: Omit<DocumentProps, 'lang'>) {
  const sent = useRef<number | null>(null);
  return () => {
    if (completed || sent.current === lecture.id) return;
    sent.current = lecture.id;
    completeLecture(lecture.id).then(
      (result) => onCompleted(result.data),
      () => {
        sent.current = null;
        onFailed();
      },
    );
  };
}

/** Calls `onSeen` once the element has been shown on the screen. */
function useSeen(ref: React.RefObject<Element | null>, onSeen: () => void, active = true) {
  const latest = useRef(onSeen);
  latest.current = onSeen;
  useEffect(() => {
    const element = ref.current;
    if (!element || !active) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) latest.current();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, active]);
}

export function LectureDocument(props: DocumentProps) {
  const { t } = useTranslation();
  const done = useCompletion(props);
  const { lecture, completed } = props;
  return (
    <Stack gap="sm" data-testid="lecture-document" data-type={lecture.type}>
      {lecture.type === 'article' ? <ArticleViewer key={lecture.id} url={lecture.articleUrl} lang={props.lang} onEnd={done} /> : null}
      {lecture.type === 'pdf' ? <PdfViewer key={lecture.id} lecture={lecture} onLastPage={done} /> : null}
      <Group justify="space-between" gap="sm">
        {completed ? (
          <Text size="sm" c="green.8" data-testid="document-complete">
            {t('learn.document.complete')}
          </Text>
        ) : (
          <Button variant="light" onClick={done} data-testid="mark-done">
            {t('learn.document.markDone')}
          </Button>
        )}
        {lecture.pdf?.downloadUrl ? (
          <Button component="a" href={lecture.pdf.downloadUrl} variant="default" data-testid="pdf-download">
            {t('learn.pdf.download')}
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}

function ArticleViewer({ url, lang, onEnd }: { url: string | null; lang: string; onEnd: () => void }) {
  const { t } = useTranslation();
  const [html, setHtml] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const end = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!url) return;
    let live = true;
    fetch(url)
      .then((res) => (res.ok ? res.text() : Promise.reject(new Error(String(res.status)))))
      .then(
        (text) => live && setHtml(text),
        () => live && setFailed(true),
      );
    return () => {
      live = false;
    };
  }, [url]);
  useSeen(end, onEnd, html !== null);
  if (failed || !url) return <Alert color="red">{t('learn.document.loadFailed')}</Alert>;
  if (html === null) return <LoadingDots />;
  return (
    <Paper withBorder p="md" radius="md">
      {/* Sanitised by the server to the content pages' allow-list (docs/authoring.md). */}
      <div className="lecture-article" lang={lang} dir={lang === 'ar' ? 'rtl' : 'ltr'} data-testid="lecture-article" dangerouslySetInnerHTML={{ __html: html }} />
      <div ref={end} className="lecture-article__end" data-testid="article-end" aria-hidden="true" />
    </Paper>
  );
}

type PdfJs = typeof PdfJsModule;
let pdfjs: Promise<PdfJs> | null = null;

/** pdf.js, its worker loaded as a module, once per page load. */
function loadPdfJs(): Promise<PdfJs> {
  pdfjs ??= import('pdfjs-dist').then((lib) => {
    lib.GlobalWorkerOptions.workerPort = new Worker(new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url), { type: 'module' });
    return lib;
  });
  return pdfjs;
}

/** The web build copies pdf.js's character maps and standard fonts here (vite-plugins/pdfjs-assets.ts): Arabic PDFs need them. */
const PDFJS_ASSETS = '/pdfjs/';

/** A PDF drawn in the page: each page a canvas with its text layer (selectable, found by the browser's search), page n of N. */
function PdfViewer({ lecture, onLastPage }: { lecture: LearnLecture; onLastPage: () => void }) {
  const { t, i18n } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const [pages, setPages] = useState(0);
  const [current, setCurrent] = useState(1);
  const [failed, setFailed] = useState(false);
  const latest = useRef(onLastPage);
  latest.current = onLastPage;
  const url = lecture.pdf?.url ?? null;

  useEffect(() => {
    const host = container.current;
    if (!url || !host) return;
    let cancelled = false;
    let observer: IntersectionObserver | null = null;
    let destroy: (() => void) | null = null;
    (async () => {
      const lib = await loadPdfJs();
      const task = lib.getDocument({ url, cMapUrl: `${PDFJS_ASSETS}cmaps/`, cMapPacked: true, standardFontDataUrl: `${PDFJS_ASSETS}standard_fonts/` });
      destroy = () => void task.destroy();
      const doc = await task.promise;
      if (cancelled) return;
      setPages(doc.numPages);
      observer = new IntersectionObserver((entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          const n = Number((entry.target as HTMLElement).dataset.page);
          setCurrent(n);
          if (n === doc.numPages) latest.current();
        }
      });
      const width = Math.max(200, host.clientWidth - 2);
      for (let n = 1; n <= doc.numPages && !cancelled; n += 1) {
        const page = await doc.getPage(n);
        const base = page.getViewport({ scale: 1 });
        const viewport = page.getViewport({ scale: width / base.width });
        const ratio = window.devicePixelRatio || 1;
        const box = document.createElement('div');
        box.className = 'pdf-page';
        box.dataset.page = String(n);
        // A canvas's text direction follows the page's: right to left, pdf.js's glyphs would each be drawn off their place.
        box.dir = 'ltr';
        box.style.setProperty('--scale-factor', String(viewport.scale));
        box.style.inlineSize = `${viewport.width}px`;
        box.style.blockSize = `${viewport.height}px`;
        const canvas = document.createElement('canvas');
        canvas.width = Math.floor(viewport.width * ratio);
        canvas.height = Math.floor(viewport.height * ratio);
        canvas.setAttribute('aria-hidden', 'true');
        const text = document.createElement('div');
        text.className = 'textLayer';
        box.append(canvas, text);
        host.append(box);
        observer.observe(box);
        await page.render({ canvas, viewport, transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0] }).promise;
        await new lib.TextLayer({ textContentSource: page.streamTextContent(), container: text, viewport }).render();
      }
    })().catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
      observer?.disconnect();
      destroy?.();
      host.replaceChildren();
    };
  }, [url]);

  if (!url) return <Alert color="gray">{t('learn.pdf.missing')}</Alert>;
  return (
    <Stack gap="xs">
      {failed ? <Alert color="red">{t('learn.document.loadFailed')}</Alert> : null}
      <Text size="sm" c="dimmed" aria-live="polite" data-testid="pdf-page-count">
        {pages ? t('learn.pdf.page', { page: formatNumber(current, i18n.language), count: pages, formatted: formatNumber(pages, i18n.language) }) : <LoadingDots />}
      </Text>
      <div ref={container} className="pdf-viewer" data-testid="pdf-viewer" role="document" tabIndex={0} aria-label={t('learn.pdf.label', { title: lecture.title })} />
    </Stack>
  );
}

const UNITS = ['B', 'KB', 'MB', 'GB'] as const;

/** A size as people read it (12 KB, 3.4 MB), in the page's digits. */
function fileSize(bytes: number, language: string, t: (key: string) => string): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${formatNumber(value, language, unit > 1 && value < 10 ? 1 : 0)} ${t(`learn.resources.unit.${UNITS[unit]}`)}`;
}

/** A lecture's files for download, with their sizes. */
export function LectureResources({ lecture }: { lecture: LearnLecture }) {
  const { t, i18n } = useTranslation();
  if (lecture.resources.length === 0) return null;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={`resources-${lecture.id}`}>
      <Title order={3} size="h5" id={`resources-${lecture.id}`} mb="xs">
        {t('learn.resources.title')}
      </Title>
      <Stack gap={6} component="ul" className="lecture-resources" data-testid="lecture-resources">
        {lecture.resources.map((r) => (
          <Group component="li" key={r.id} gap="xs" wrap="nowrap" justify="space-between">
            <Anchor href={r.url} download={r.name} dir="auto" className="lecture-resources__name">
              {r.name}
            </Anchor>
            <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {fileSize(r.size, i18n.language, t)}
            </Text>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
