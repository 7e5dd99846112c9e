import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
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
  test: {
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
