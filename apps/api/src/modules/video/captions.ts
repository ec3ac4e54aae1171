import { parseText } from 'media-captions';
import { rightToLeftLanguage } from '@nibras/contract';

/**
 * Captions as an instructor sends them (WebVTT or SRT text) turned into clean WebVTT: the file is parsed by
 * media-captions (Vidstack's parser), and written again cue by cue, so nothing of the original survives but timings
 * and cue text; in the text only WebVTT's own markup stays (b, i, u, c with classes, v with a speaker, lang, ruby,
 * rt, timestamps), every other tag is dropped (its text kept), and a stray `<` or `&` is escaped. Null when no cue
 * could be read.
 */
export async function cleanCaptions(text: string): Promise<string | null> {
  const source = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const type = /^WEBVTT(?:[ \t].*)?(?:\n|$)/.test(source) ? 'vtt' : 'srt';
  const { cues } = await parseText(source, { type, strict: false });
  const kept = cues.filter((cue) => Number.isFinite(cue.startTime) && Number.isFinite(cue.endTime) && cue.endTime > cue.startTime && cue.startTime >= 0);
  if (kept.length === 0) return null;
  const blocks = kept
    .sort((a, b) => a.startTime - b.startTime)
    .map((cue) => {
      const body = cleanCueText(cue.text);
      return body.trim() === '' ? null : `${timestamp(cue.startTime)} --> ${timestamp(cue.endTime)}\n${body}`;
    })
    .filter((block): block is string => block !== null);
  return blocks.length === 0 ? null : `WEBVTT\n\n${blocks.join('\n\n')}\n`;
}

const ALLOWED_TAG = /^<(?:\/?(?:b|i|u|ruby|rt)|c(?:\.[\w-]+)*|\/c|v(?:\.[\w-]+)*(?: [^<>&\n]*)?|\/v|lang [\w-]+|\/lang|\d{2,}:\d{2}:\d{2}\.\d{3}|\d{2}:\d{2}\.\d{3})>$/;
const ENTITY = /^&(?:amp|lt|gt|nbsp|lrm|rlm);/;

function cleanCueText(text: string): string {
  let out = '';
  for (const part of text.split(/(<[^>\n]*>)/)) {
    if (part.startsWith('<') && part.endsWith('>')) {
      if (ALLOWED_TAG.test(part)) out += part;
      continue;
    }
    out += part.replace(/&/g, (match, offset: number) => (ENTITY.test(part.slice(offset)) ? match : '&amp;')).replace(/</g, '&lt;').replace(/>/g, '&gt;');
  }
  // A blank line would end the cue (an arrow cannot read as a timing line: its `>` is escaped above).
  return out.replace(/\n{2,}/g, '\n').replace(/^\n+|\n+$/g, '');
}

function timestamp(seconds: number): string {
  const ms = Math.round(seconds * 1000);
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}.${String(ms % 1000).padStart(3, '0')}`;
}

/** U+200F RIGHT-TO-LEFT MARK: a strong right-to-left character that shows nothing. */
const RLM = '\u200F';

/**
 * Captions as served, in their language's direction. A browser lays out each line of a cue by its first strong
 * character (WebVTT: unicode-bidi plaintext), so an Arabic line that starts with a Latin word or a number ("Python
 * لغة سهلة", "3 دروس") would run left to right, its words out of order. Every line of a right-to-left language's
 * captions starts with a right-to-left mark, so that it runs right to left whatever comes first; others are as stored.
 */
export function captionsInDirection(vtt: string, lang: string): string {
  if (!rightToLeftLanguage(lang)) return vtt;
  return vtt
    .split('\n\n')
    .map((block) => {
      const lines = block.split('\n');
      const timing = lines.findIndex((line) => line.includes('-->'));
      if (timing < 0) return block;
      return [...lines.slice(0, timing + 1), ...lines.slice(timing + 1).map((line) => (line === '' || line.startsWith(RLM) ? line : RLM + line))].join('\n');
    })
    .join('\n\n');
}
