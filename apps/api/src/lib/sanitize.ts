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
