import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

// The gateway serves the built app on :8080; in dev, Vite forwards /api and /ws to it so the
// browser only ever talks to one origin (as it does in production).
const gateway = process.env.BALLMATCH_GATEWAY_URL ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      // The engine's TypeScript sources (ESM, tree-shaken) rather than its CommonJS build.
      '@ballmatch/engine': fileURLToPath(
        new URL('../packages/engine/src/index.ts', import.meta.url),
      ),
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
