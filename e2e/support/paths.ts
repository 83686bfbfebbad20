import path from 'node:path';

export const repoRoot = path.resolve(__dirname, '../..');
/** Screenshots of failed journeys and the stack's log; gitignored. */
export const artifactsDir = path.join(repoRoot, 'e2e/artifacts');
