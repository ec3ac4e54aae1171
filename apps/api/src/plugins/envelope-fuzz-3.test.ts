import { fuzzEveryRoute } from './envelope-fuzz.test-kit';

fuzzEveryRoute(3, 3);
