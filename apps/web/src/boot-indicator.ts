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
