// setupFilesAfterEnv of the e2e project. A `testTimeout` in a project's Jest config counts only
// when Jest was started with that config (`jest -c e2e/jest.config.js`); under the root config
// (`npm test`, `npx jest e2e`) every test would get Jest's 5 s default. This counts in both.
import { JOURNEY_TIMEOUT_MS } from './timeouts';

jest.setTimeout(JOURNEY_TIMEOUT_MS);
