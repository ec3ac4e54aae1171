// What the layouts may use of the outreach feature.
export { NewsletterForm } from './components/newsletter-form';
