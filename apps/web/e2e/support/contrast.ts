import type { Locator, Page } from 'playwright-core';

/**
 * The WCAG contrast ratio between an element's text colour and what is really behind it: the
 * backgrounds of the element and its ancestors, composited from the page down (a light button's
 * background is a translucent tint). The browser itself paints each colour on a canvas, so any CSS
 * colour syntax (rgb, color-mix, color(srgb …)) and alpha are handled as it renders them.
 * Background images are not looked at: the elements measured sit on plain colours.
 * Runs in the page (its source is passed to evaluate, so it may use nothing from outside).
 */
function contrastInPage(element: Element): number {
  const canvas = document.createElement('canvas');
  canvas.width = 1;
  canvas.height = 1;
  const context = canvas.getContext('2d', { willReadFrequently: true })!;
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, 1, 1);
  // A colour the canvas cannot parse leaves fillStyle as it was: refuse to measure rather than guess.
  const paint = (colour: string) => {
    context.fillStyle = '#010203';
    context.fillStyle = colour;
    if (context.fillStyle === '#010203' && colour.replace(/\s/g, '') !== 'rgb(1,2,3)') throw new Error(`cannot paint the colour ${colour}`);
    context.fillRect(0, 0, 1, 1);
  };
  const chain: Element[] = [];
  for (let node: Element | null = element; node; node = node.parentElement) chain.unshift(node);
  for (const node of chain) paint(getComputedStyle(node).backgroundColor);
  const behind = context.getImageData(0, 0, 1, 1).data;
  paint(getComputedStyle(element).color);
  const text = context.getImageData(0, 0, 1, 1).data;
  const luminance = (rgba: Uint8ClampedArray) => {
    const [r, g, b] = [rgba[0]!, rgba[1]!, rgba[2]!].map((value) => {
      const c = value / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [light, dark] = [luminance(behind), luminance(text)].sort((a, b) => b - a);
  return (light! + 0.05) / (dark! + 0.05);
}

export async function textContrast(target: Locator): Promise<number> {
  return target.evaluate(contrastInPage);
}

/**
 * Every visible element under `selector` that holds text of its own and reads below WCAG AA: 4.5:1,
 * or 3:1 for large text (24 px, or 18.66 px bold). Each as "text (ratio)".
 */
function unreadableInPage(selector: string, measure: (element: Element) => number): string[] {
  const found: string[] = [];
  for (const element of document.querySelectorAll(`${selector}, ${selector} *`)) {
    const own = [...element.childNodes].filter((node) => node.nodeType === Node.TEXT_NODE).map((node) => node.textContent ?? '').join('').trim();
    if (!own) continue;
    const style = getComputedStyle(element);
    const box = element.getBoundingClientRect();
    if (box.width === 0 || box.height === 0 || style.visibility === 'hidden' || Number(style.opacity) === 0 || element.closest('[aria-hidden="true"], .visually-hidden')) continue;
    const size = parseFloat(style.fontSize);
    const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
    const ratio = measure(element);
    if (ratio < (large ? 3 : 4.5)) found.push(`${own.slice(0, 40)} (${ratio.toFixed(2)})`);
  }
  return found;
}

export async function unreadableTexts(page: Page, scope = 'body'): Promise<string[]> {
  // One expression, as Playwright sends a function's source: both helpers travel as source text.
  return page.evaluate(`(${unreadableInPage.toString()})(${JSON.stringify(scope)}, ${contrastInPage.toString()})`);
}

/** Transitions off, so that a hover or focus state is measured as it ends, not half-way. */
export const NO_TRANSITIONS = '*, *::before, *::after { transition: none !important; animation: none !important; }';
