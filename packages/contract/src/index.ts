// One file per area, named as the API module and the web feature that serve it (docs/architecture.md).
export * from './route-def';
export * from './envelope';
export * from './accounts';
export * from './sessions';
export * from './categories';
export * from './catalog';
export * from './search';
export * from './learning';
export * from './wishlist';
export * from './orders';
export * from './ratings';
export * from './certificates';
export * from './media';
export * from './outreach';
export * from './authoring';
export * from './quiz';
export * from './validation-messages';
