// What other features may use of the learning feature.
import { lazy } from 'react';

export { learningKeys } from './api';

/** A free preview in the lecture player, for the public course page: loaded (with media-chrome and hls.js) when opened. */
export const PreviewPlayer = lazy(() => import('./preview-player'));
