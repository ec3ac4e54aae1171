/** The largest number an answer may hold, as answerBody takes it. */
const LIMIT = 1e12;

/**
 * A typed number as JavaScript reads it, or null when it is not one: Arabic-Indic (٠-٩) and Eastern Arabic-Indic
 * (۰-۹) digits count as 0-9, the Arabic decimal separator (٫) or a point marks the decimals, the Arabic thousands
 * separator (٬) and spaces are dropped, a minus may be - or − (and direction marks around it are ignored). A comma
 * is refused rather than guessed: "1,5" is one and a half in some languages and fifteen in others.
 */
export function parseAnswerNumber(typed: string): number | null {
  const plain = typed
    .replace(/[\u0660-\u0669]/g, (digit) => String(digit.charCodeAt(0) - 0x0660))
    .replace(/[\u06f0-\u06f9]/g, (digit) => String(digit.charCodeAt(0) - 0x06f0))
    .replace(/\u066b/g, '.')
    .replace(/[\u066c\s\u200e\u200f\u061c]/g, '')
    .replace(/^[\u2212\u2013]/, '-');
  if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(plain)) return null;
  const value = Number(plain);
  return Number.isFinite(value) && Math.abs(value) <= LIMIT ? value : null;
}
