import { MantineProvider } from '@mantine/core';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';

// No words loaded: t() gives the keys back, which is what a markup check reads.
const keys = i18next.createInstance();
void keys.init({ lng: 'en', resources: {}, initAsync: false });

/** A component's HTML as the server would draw it, in Mantine's styles (left out) and with translation keys for words. */
export function renderMarkup(node: ReactNode): string {
  return renderToStaticMarkup(
    <I18nextProvider i18n={keys}>
      <MantineProvider>{node}</MantineProvider>
    </I18nextProvider>,
  ).replace(/<style[\s\S]*?<\/style>/g, '');
}
