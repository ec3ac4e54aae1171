// What other features may use of the learning feature.
export { learningKeys } from './api';
