// Set up before every test file: its temp dirs go when it ends, and e2e files get the contract check.
import { afterAll, expect } from 'vitest';
import { removeTempDirs } from './temp.js';

// Whether the file's tests passed or not.
afterAll(removeTempDirs);

// The contract check loads the OpenAPI document and the simulator, which other files need not pay for.
if (expect.getState().testPath?.includes('/test/e2e/')) (await import('./contract-setup.js')).checkContract();
