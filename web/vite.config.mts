import { defineConfig, runnerImport, type Plugin } from 'vite';
import type * as RouteTable from './src/config/route-table';
import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * Writes brotli and gzip twins of every text asset at build time; the gateway serves them to
 * browsers that accept them, so no compression happens per request.
 */
function precompress(): Plugin {
  return {
    name: 'ballmatch-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      for (const fileName of Object.keys(bundle)) {
        if (!/\.(js|css|svg|json)$/.test(fileName)) continue;
        const file = path.join(dir, fileName);
        const data = await readFile(file);
        if (data.length < 1024) continue;
        await writeFile(
          `${file}.br`,
          brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        await writeFile(`${file}.gz`, gzipSync(data, { level: 9 }));
      }
    },
  };
}

/**
 * Writes the app's page path patterns (src/config/route-table.ts) beside index.html: the gateway
 * answers 404 for a path none of them matches. The module is run by Vite itself, as the app's
 * own code (the config stays free of the app's sources).
 */
function routeTable(): Plugin {
  return {
    name: 'ballmatch-route-table',
    apply: 'build',
    async generateBundle() {
      const { module } = await runnerImport<typeof RouteTable>(
        fileURLToPath(new URL('./src/config/route-table.ts', import.meta.url)),
        { configFile: false, logLevel: 'silent' },
      );
      this.emitFile({
        type: 'asset',
        fileName: module.ROUTE_TABLE_FILE,
        source: `${JSON.stringify(module.pagePatterns(), null, 2)}\n`,
      });
    },
  };
}

// The gateway serves the built app on :8080; in dev, Vite forwards /api and /ws to it so the
// browser only ever talks to one origin (as it does in production).
const gateway = process.env.BALLMATCH_GATEWAY_URL ?? 'http://localhost:8080';

/**
 * Gets the home page on screen sooner (most visits start at '/'): modulepreload hints for its
 * chunk and static imports (otherwise the browser learns of them only after the entry script
 * has run), its styles, and a static copy of its first screen (web/boot/home-shell.html, shown
 * by public/boot-shell.js on '/' only, until the app renders).
 */
function preloadHomeRoute(): Plugin {
  return {
    name: 'ballmatch-preload-home',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
        const home = chunks.find((c) => c.facadeModuleId?.endsWith('/src/app/routes/home.tsx'));
        if (!home) return html;
        const files = new Set<string>();
        const styles = new Set<string>();
        const visit = (fileName: string) => {
          if (files.has(fileName)) return;
          files.add(fileName);
          const chunk = chunks.find((c) => c.fileName === fileName);
          chunk?.viteMetadata?.importedCss.forEach((css) => styles.add(css));
          chunk?.imports.forEach(visit);
        };
        visit(home.fileName);
        const tags = [
          ...[...files]
            .filter((file) => !html.includes(`/${file}"`))
            .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
          // The home page's own styles apply at once: the static first screen uses them.
          ...[...styles]
            .filter((file) => !html.includes(`/${file}"`))
            .map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
        ];
        const shell = readFileSync(new URL('./boot/home-shell.html', import.meta.url), 'utf8');
        return html
          .replace(/\n\s*<\/head>/, `\n    ${tags.join('\n    ')}\n  </head>`)
          .replace(
            '<div id="root"></div>',
            `${shell.trim()}\n    <div id="root"></div>\n    <script src="/boot-shell.js"></script>`,
          );
      },
    },
  };
}

/** A module name an ad blocker's address rules may match ('buy-ads', 'ad-order-page', 'banner'). */
const adLike =
  /(^|[-_.])(ads?|adv)([-_.]|$)|^ad[-_]?(banner|block|manager|order)|advert|banner|sponsor/i;

/** The built file's address: named after its module, unless that name looks like an ad. */
function fileName(name: string, extension: string): string {
  return adLike.test(name) || !name
    ? `assets/[hash]${extension}`
    : `assets/[name]-[hash]${extension}`;
}

export default defineConfig({
  plugins: [react(), precompress(), preloadHomeRoute(), routeTable()],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      // The packages' TypeScript sources (ESM, tree-shaken) rather than their CommonJS builds.
      '@ballmatch/engine': fileURLToPath(
        new URL('../packages/engine/src/index.ts', import.meta.url),
      ),
      '@ballmatch/rules': fileURLToPath(new URL('../packages/rules/src/index.ts', import.meta.url)),
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: gateway, changeOrigin: false },
      '/ws': { target: gateway, ws: true },
    },
  },
  preview: {
    port: 4173,
    proxy: {
      '/api': { target: gateway, changeOrigin: false },
      '/ws': { target: gateway, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    // Keep the inline-asset size small: the CSP allows data: images, but big inline blobs
    // bloat the entry chunk.
    assetsInlineLimit: 2048,
    rolldownOptions: {
      output: {
        // Ad blockers drop requests whose address looks like an ad (EasyList's '-ads-', '/ad-',
        // 'banner'): a file of the ad shop named after its module (buy-ads-*.js) broke its pages.
        // Such files get a name of their hash alone, and hashes are hex, so no hash spells one.
        hashCharacters: 'hex',
        entryFileNames: (chunk) => fileName(chunk.name, '.js'),
        chunkFileNames: (chunk) => fileName(chunk.name, '.js'),
        assetFileNames: (asset) => fileName(asset.names[0] ?? '', '[extname]'),
        // Libraries change far less often than our code: separate chunks stay cached across
        // releases.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'router', test: /node_modules[\\/]react-router[\\/]/ },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
          ],
        },
      },
    },
  },
});
