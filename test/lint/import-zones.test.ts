// The house rules on imports (docs/architecture.md 'House rules') fail lint where they are broken,
// and the tree keeps them: each kind of rule is shown a one-line file that breaks it, placed
// where the rule applies and linted with the repository's own config (as `npm run lint` does).
import { execFileSync } from 'node:child_process';
import path from 'node:path';

interface Said {
  file: string;
  line: number;
  rule: string;
  message: string;
}

function lint(input: { probes?: Array<{ file: string; source: string }>; trees?: string[] }) {
  const out = execFileSync(process.execPath, [path.join(__dirname, 'house-rules.mjs')], {
    input: JSON.stringify(input),
    encoding: 'utf8',
  });
  return JSON.parse(out) as { probes: Said[][]; trees: Said[] };
}

const BROKEN: Array<[file: string, specifier: string, message: RegExp]> = [
  // The web app: no feature imports another; app → features → shared, never back.
  ['web/src/features/game/probe.ts', '@/features/leaderboards/api/types', /no other feature/],
  ['web/src/features/game/probe.ts', '../leaderboards/api/types', /no other feature/],
  ['web/src/features/ads/probe.ts', '@/app/routes', /app → features → shared/],
  ['web/src/components/ui/probe.tsx', '@/features/auth/api/login', /app → features → shared/],
  ['web/src/lib/probe.ts', '@/app/router', /app → features → shared/],
  // Services: none imports another; a store knows nothing of its gRPC layer.
  ['services/ads/src/probe.ts', '../../auth/src/config', /imports no other service/],
  ['services/ads/src/domain/probe.ts', '@ballmatch/auth', /imports no other service/],
  ['services/content/src/store/probe.ts', '../grpc/handlers', /store knows nothing/],
  ['services/content/src/grpc/probe.ts', '../store/feedback', /gRPC layer calls no store/],
  // Packages: no service, gateway or web code.
  ['packages/engine/src/probe.ts', '../../../services/auth/src/config', /Packages import no/],
  ['packages/platform/src/probe.ts', '../../../gateway/src/config', /Packages import no/],
  ['packages/engine/src/probe.ts', '../../../web/src/config/paths', /Packages import no/],
  ['packages/platform/src/probe.ts', '@ballmatch/sessions', /Packages import no/],
];

/** Each with its whole line where a bare `import '…'` would not say it. */
const KEPT: Array<[file: string, specifier: string, source?: string]> = [
  ['web/src/app/routes/probe.tsx', '@/features/leaderboards/api/types'],
  ['web/src/features/game/probe.ts', '@/features/game/lib/settings'],
  ['web/src/features/game/probe.ts', '@/components/ui/button'],
  ['web/src/components/ui/probe.tsx', '@/lib/api-client'],
  ['services/ads/src/probe.ts', '@ballmatch/platform'],
  ['services/ads/src/grpc/probe.ts', '../domain/catalog'],
  [
    'services/content/src/grpc/probe.ts',
    '../store/feedback',
    "import type { FeedbackRecord } from '../store/feedback';\nexport type Row = FeedbackRecord;\n",
  ],
];

const probe = ([file, specifier, source]: [string, string, ...unknown[]]) => ({
  file,
  source: typeof source === 'string' ? source : `import '${specifier}';\n`,
});

let said: { probes: Said[][]; trees: Said[] };
beforeAll(() => {
  said = lint({
    probes: [...BROKEN, ...KEPT].map(probe),
    trees: ['web', 'services', 'packages'],
  });
}, 120_000);

describe('import zones', () => {
  it.each(BROKEN.map((row, index) => [...row, index] as const))(
    '%s importing %s fails lint',
    (_file, _specifier, message, index) => {
      const messages = said.probes[index].map((m) => m.message);
      // A package imported by name may be refused twice: by its name, and by its built path.
      expect(messages).not.toEqual([]);
      expect(messages.filter((m) => !message.test(m))).toEqual([]);
    },
  );

  it.each(
    KEPT.map(([file, specifier], index) => [file, specifier, BROKEN.length + index] as const),
  )('%s importing %s passes', (_file, _specifier, index) => {
    expect(said.probes[index]).toEqual([]);
  });

  it('the tree keeps them', () => {
    expect(said.trees.map((m) => `${m.file}:${m.line} ${m.message}`)).toEqual([]);
  });
});
