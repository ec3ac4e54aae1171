// What other features and the layouts may use of the catalog feature.
export { FooterCategories } from './components/footer-categories';
export { catalogKeys } from './api';
export type { HomeNotice } from './pages/home-page';
