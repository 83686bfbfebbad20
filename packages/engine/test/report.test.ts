import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findRepoRoot, writeSection } from '../bench/report';

describe('benchmark report', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'engine-report-'));
    writeFileSync(join(root, 'package.json'), '{"workspaces":[]}');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('finds the workspace root above a folder', () => {
    const deep = join(root, 'packages', 'engine', 'dist');
    mkdirSync(deep, { recursive: true });
    expect(findRepoRoot(deep)).toBe(root);
  });

  it('creates the file, then replaces only its own section', async () => {
    const file = await writeSection(root, '## Engine (packages/engine)', 'first');
    expect(readFileSync(file, 'utf8')).toContain('## Engine (packages/engine)\n\nfirst\n');
    writeFileSync(
      file,
      `# Benchmarks\n\n## Gateway\n\ngateway figures\n\n## Engine (packages/engine)\n\nfirst\n\n## Scores\n\nscores figures\n`,
    );
    await writeSection(root, '## Engine (packages/engine)', 'second');
    const text = readFileSync(file, 'utf8');
    expect(text).toContain('## Gateway\n\ngateway figures\n');
    expect(text).toContain(
      '## Engine (packages/engine)\n\nsecond\n\n## Scores\n\nscores figures\n',
    );
    expect(text).not.toContain('first');
  });
});
