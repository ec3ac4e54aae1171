import type { Locator } from 'playwright-core';

/**
 * The WCAG contrast ratio between an element's text colour and what is really behind it: the
 * backgrounds of the element and its ancestors, composited from the page down (a light button's
 * background is a translucent tint). The browser itself paints each colour on a canvas, so any CSS
 * colour syntax (rgb, color-mix, color(srgb …)) and alpha are handled as it renders them.
 * Background images are not looked at: the elements measured sit on plain colours.
 */
export async function textContrast(target: Locator): Promise<number> {
  return target.evaluate((element) => {
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
  });
}

/** Transitions off, so that a hover or focus state is measured as it ends, not half-way. */
export const NO_TRANSITIONS = '*, *::before, *::after { transition: none !important; animation: none !important; }';
