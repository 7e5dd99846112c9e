import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

/** `vite` (dev): /h5 and its paths without an extension get the participant app's page, as the server does. */
const h5Fallback = (): Plugin => ({
  name: 'h5-fallback',
  configureServer(server) {
    server.middlewares.use((request, _response, next) => {
      if (request.url && /^\/h5(\/[^.?]*)?(\?.*)?$/.test(request.url)) request.url = '/h5.html';
      next();
    });
  },
});

export default defineConfig({
  plugins: [react(), h5Fallback()],
  server: {
    proxy: { '/api': 'http://127.0.0.1:8000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      treeshake: {
        // The shared package's barrel also exports zod schemas; letting unused modules drop keeps zod
        // out of the login page's download.
        moduleSideEffects: (id) => !id.includes('/packages/shared/') && !id.includes('/node_modules/zod/'),
      },
      output: {
        // The server's error texts per language (packages/shared/src/errors/zh-CN.ts) are their own chunk: named
        // apart from the console's language packs (app/locales/zh-CN.ts), which share the file name.
        chunkFileNames: (chunk) =>
          chunk.moduleIds.length > 0 &&
          chunk.moduleIds.every((id) => id.includes('/packages/shared/src/errors/'))
            ? 'assets/errors-[name]-[hash].js'
            : 'assets/[name]-[hash].js',
      },
    },
  },
  // The participant app (/h5/, h5.html) is a second input built on its own after the console, into the same
  // dist: one build with both inputs would split the code they share (React, i18next) out of the console's
  // chunks, which then grow (more files, each compressed apart).
  environments: {
    h5: {
      consumer: 'client',
      build: { emptyOutDir: false, rolldownOptions: { input: 'h5.html' } },
    },
  },
  builder: {},
  test: {
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
