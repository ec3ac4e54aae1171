// What other features and the layouts may use of the search feature.
export { HeaderSearch } from './components/header-search';
