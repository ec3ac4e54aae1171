// What other features may use of the wishlist feature.
export { CardHeart, WishlistButton } from './components/wishlist-button';
export { wishlistKeys } from './api';
