// The search normalisation lives in the contract (packages/contract/src/search-text.ts) since the lecture transcript's
// search in the browser folds text the same way as course search on the server (docs/search.md, docs/video.md).
export * from '@nibras/contract/search-text';
