/**
 * Links the rich-text editor makes: http(s), mailto, or a path or fragment of this site; never
 * javascript:, data: or another scheme, nor a protocol-relative address. The server's allow-list
 * decides again whatever the editor sent (docs/cms.md).
 */
export function isAllowedLink(url: string): boolean {
  const trimmed = url.trim();
  return /^(https?:\/\/[^\s]|mailto:[^\s]|#|\/(?![/\\]))/i.test(trimmed) && ![...trimmed].some((c) => c < ' ' || /[\u202a-\u202e\u2066-\u2069]/.test(c));
}
