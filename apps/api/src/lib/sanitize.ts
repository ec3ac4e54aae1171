import sanitizeHtml from 'sanitize-html';

/** Rich text written by users (course descriptions, CMS pages, messages): a small allow-list. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'ul', 'ol', 'li', 'h2', 'h3', 'h4', 'blockquote', 'a', 'code', 'pre', 'span'],
    allowedAttributes: { a: ['href', 'title', 'target', 'rel'], '*': ['dir', 'lang'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow', target: '_blank' }) },
  });
}

const stripTags = (text: string) => sanitizeHtml(text, { allowedTags: [], allowedAttributes: {}, disallowedTagsMode: 'discard' });
// sanitize-html answers with the text's entities encoded (&lt;, &amp;…), whatever form they came in.
const decodeEntities = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

/**
 * Plain text fields (names, bios, headlines, titles, tags, reviews, contact messages): stored as the
 * text a reader sees, with no markup whatever form it arrived in. Tags are removed and entities
 * turned back into characters, again until nothing changes: decoding can reveal a tag that was sent
 * entity-encoded (`&lt;img onerror=…&gt;`, or encoded twice), and that tag goes too. Text that only
 * looks like markup's neighbours stays: "1 < 2", "R&D", quotes.
 */
export function sanitizePlainText(text: string): string {
  let current = text;
  for (let round = 0; round < 10; round += 1) {
    const next = decodeEntities(stripTags(current));
    if (next === current) break;
    current = next;
  }
  return current.trim();
}

/**
 * Characters nobody types on purpose and that make text read other than it is: bidirectional
 * embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069: "gnp.exe" shown as "exe.png"),
 * C0 and C1 controls but tab and line breaks, the zero-width space and a byte order mark inside text.
 * The joiners (U+200C, U+200D) and the direction marks (U+200E, U+200F, U+061C) stay: Arabic, Persian
 * and mixed text need them, and alone they reorder nothing.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const INVISIBLE_CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u200B\u202A-\u202E\u2066-\u2069\uFEFF]/g;

export function withoutInvisibleControls(text: string): string {
  return text.replace(INVISIBLE_CONTROLS, '');
}
