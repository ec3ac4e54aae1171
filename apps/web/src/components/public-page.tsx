import type { ReactNode } from 'react';
import { usePageTitle } from './use-page-title';

/** A public page's frame: its one h1, an optional lead paragraph, then the content. */
export function PublicPage({ title, lead, children }: { title: string; lead?: string; children: ReactNode }) {
  usePageTitle(title);
  return (
    <div className="site-container site-page">
      <h1 className="site-page__title">{title}</h1>
      {lead ? <p className="site-page__lead">{lead}</p> : null}
      {children}
    </div>
  );
}
