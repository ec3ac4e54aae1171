// Mantine's Pagination in a chunk of its own, for LazyPagination (lazy-pagination.tsx).
export { Pagination as default } from '@mantine/core';
