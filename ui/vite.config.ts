/// <reference types="vitest/config" />
import { fileURLToPath, URL } from 'node:url'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { compression } from 'vite-plugin-compression2'

export default defineConfig(({ command }) => ({
  // Brotli and gzip copies of every text asset, compressed once at build time at the best
  // level: the server sends them as they are instead of compressing on every request.
  plugins: [react(), tailwindcss(), compression({ algorithms: ['brotliCompress', 'gzip'], skipIfLargerOrEqual: true })],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      // React Router 7's package exports resolve to its development build in every mode
      // (remix-run/react-router#14102): a production build takes the production one, without
      // the dev-only warnings and checks (about 2 KiB gzip of the initial JS).
      ...(command === 'build' && {
        'react-router': fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url)),
      }),
    },
  },
  build: {
    // The server's CSP allows fonts only from 'self', so never inline assets as data: URLs.
    assetsInlineLimit: 0,
    // dist/.vite/manifest.json: the server reads it to preload a page's own chunks and the font.
    manifest: true,
    rolldownOptions: {
      // A feature's index.ts only re-exports (feature-index.test.ts checks it). Said so, the bundler
      // sees through it: a chunk that imports one name of an index depends on that module alone,
      // not on everything the index names (the header's unread count would otherwise bring the
      // profile's forms into a chunk the header loads, and the initial JS would grow).
      treeshake: { moduleSideEffects: [{ test: /\/src\/features\/[^/]+\/index\.ts$/, sideEffects: false }] },
      output: {
        codeSplitting: {
          // Everything the entry imports statically goes into one chunk. Left to itself the
          // bundler splits modules shared by the entry and the lazy pages into extra common
          // chunks, and each new page reshuffles them: the same code then costs 1-2 kB more
          // gzip across several files. One chunk keeps the initial-JS budget predictable.
          // The icons the lazy pages use share one chunk rather than a tiny chunk each, which
          // also keeps the entry's list of chunks to preload short.
          groups: [
            { name: 'initial', tags: ['$initial'] },
            { name: 'icons', test: /lucide-react/ },
          ],
        },
      },
    },
  },
  server: {
    // `API_URL=http://127.0.0.1:PORT npx vite` develops against any running `app serve`.
    proxy: {
      '/api': process.env.API_URL ?? 'http://127.0.0.1:8080',
      '/media': process.env.API_URL ?? 'http://127.0.0.1:8080',
    },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup.ts'],
    restoreMocks: true,
    unstubGlobals: true,
  },
}))
