// What other features may use of the coupons feature (the screens are lazy-loaded by app/routes.tsx).
export { couponKeys } from './api';
