// Lints with the repository's config, keeping only the house rules on imports. Jest cannot load
// an ESM config in its VM, so the test runs this with Node. Input (stdin, JSON):
// { probes: [{ file, source }], trees: [glob] }. Output: each probe's messages, then the trees'.
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { ESLint } from 'eslint';

const root = path.join(import.meta.dirname, '../..');
const HOUSE_RULES = new Set([
  'import-x/no-restricted-paths',
  'no-restricted-imports',
  '@typescript-eslint/no-restricted-imports',
]);
const eslint = new ESLint({ cwd: root, ruleFilter: ({ ruleId }) => HOUSE_RULES.has(ruleId) });

const { probes = [], trees = [] } = JSON.parse(await text(process.stdin));
const said = (result) =>
  result.messages.map((m) => ({
    file: path.relative(root, result.filePath),
    line: m.line,
    rule: m.ruleId,
    message: m.message,
  }));

const out = { probes: [], trees: [] };
for (const { file, source } of probes) {
  const [result] = await eslint.lintText(source, { filePath: path.join(root, file) });
  out.probes.push(said(result));
}
if (trees.length) out.trees = (await eslint.lintFiles(trees)).flatMap(said);
process.stdout.write(JSON.stringify(out));
