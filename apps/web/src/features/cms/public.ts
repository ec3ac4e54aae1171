// What the layouts and other features may use of the cms feature.
export { HomeHero } from './components/home-hero';
export { ContactDetails } from './components/contact-details';
