import { bootLoadingLabel } from './i18n/boot-label';

/**
 * index.html shows three dots before any script runs; once the language is known they
 * become an announced status with its translated label, until React takes over #root.
 */
export function labelBootIndicator(language: string): void {
  const indicator = document.getElementById('boot-indicator');
  if (!indicator) return;
  const label = bootLoadingLabel(language);
  indicator.setAttribute('role', 'status');
  indicator.setAttribute('aria-label', label);
  const text = document.createElement('span');
  text.className = 'visually-hidden';
  text.textContent = label;
  indicator.append(text);
}

/**
 * Puts index.html's dots back in #root in place of a page the server drew (docs/decisions/018) that this visitor must
 * not see: a signed-in visitor's page is not the anonymous one, and it is rendered by the browser as before.
 */
export function restoreBootIndicator(root: HTMLElement, language: string): void {
  const indicator = document.createElement('div');
  indicator.className = 'boot-dots';
  indicator.id = 'boot-indicator';
  for (let i = 0; i < 3; i++) {
    const dot = document.createElement('span');
    dot.setAttribute('aria-hidden', 'true');
    indicator.append(dot);
  }
  root.replaceChildren(indicator);
  labelBootIndicator(language);
}
