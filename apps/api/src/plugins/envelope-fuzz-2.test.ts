import { fuzzEveryRoute } from './envelope-fuzz.test-kit';

fuzzEveryRoute(2, 3);
