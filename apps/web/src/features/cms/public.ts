// What the layouts and other features may use of the cms feature.
import { lazy } from 'react';
export { HomeHero } from './components/home-hero';
export { ContactDetails } from './components/contact-details';
export { RichContent } from './components/rich-content';
/** The content pages' rich-text editor (tiptap), loaded when first drawn: the course builder's articles use it too. */
export const RichTextField = lazy(() => import('./components/rich-text-field').then((m) => ({ default: m.RichTextField })));
