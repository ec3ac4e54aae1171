// What other features may use of the orders feature.
export { orderCourse, orderKeys } from './api';
