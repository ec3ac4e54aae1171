/**
 * What other features use of the gradebook (docs/gradebook.md). Its address is `paths.gradebook` in config/paths.ts;
 * the screen itself is reached through the router only.
 */
export type { GradebookRole } from './api';
