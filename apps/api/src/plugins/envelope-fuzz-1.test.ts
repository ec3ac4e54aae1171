import { fuzzEveryRoute } from './envelope-fuzz.test-kit';

fuzzEveryRoute(1, 3);
