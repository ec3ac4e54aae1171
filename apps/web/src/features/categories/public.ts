// What other features may use of the categories feature.
export { categoryQueries } from './api';
