import { afterAll, expect } from 'vitest';
import { undocumentedStatuses } from './harness';

// The contract tells the truth: after each test file, no route may have answered a status that its
// OpenAPI entry does not list (packages/contract errorStatuses; the route's `errors`).
afterAll(() => {
  const found = [...undocumentedStatuses].sort();
  undocumentedStatuses.clear();
  expect(found, 'answers not listed in the contract (add the status to the route\'s `errors`)').toEqual([]);
});
