export * from './users';
export * from './catalog';
export * from './learning';
export * from './authoring';
export * from './quiz';
export * from './cms';
export * from './mail';
export * from './messages';
