// What other features may use of the ratings feature.
export { RatingForm } from './components/rating-form';
