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
    },
  },
  test: {
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
