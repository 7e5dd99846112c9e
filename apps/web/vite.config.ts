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

/**
 * No console file holds zod classic (about 17 KiB gzip, and it keeps every zod core class in the file of the
 * console's home, which shares zod core with it): the console parses list URLs with zod/mini and takes its answers'
 * types from the classic schemas without running them. The build names the page that broke this.
 */
const noZodClassic = (): Plugin => ({
  name: 'no-zod-classic',
  apply: 'build',
  applyToEnvironment: (environment) => environment.name === 'client',
  generateBundle(_options, bundle) {
    for (const chunk of Object.values(bundle)) {
      if (chunk.type !== 'chunk') continue;
      const classic = chunk.moduleIds.find((id) => id.includes('/node_modules/zod/v4/classic/'));
      if (!classic) continue;
      const ours = chunk.moduleIds
        .filter((id) => !id.includes('/node_modules/'))
        .map((id) => id.split('/src/').pop());
      this.error(
        `${chunk.fileName} holds zod classic (${classic.split('/node_modules/').pop()}): take a constant from a zod-free module and import schemas as types only. Its modules: ${ours.join(', ')}`,
      );
    }
  },
});

/** Module paths the login page's download may not hold: the console's libraries and the shell's strings. */
const NOT_ON_LOGIN = [
  '/node_modules/zod/',
  '/node_modules/axios/',
  // Its query options helper (an identity function) may come along; the client and its cache may not.
  '/node_modules/@tanstack/query-core/',
  '/node_modules/@tanstack/react-query/build/modern/QueryClientProvider',
  '/src/app/locales/shell/',
];
/**
 * Module paths the console's home may not hold: what only its drawers, dialogs and other pages draw (they come
 * with them), and components the home draws without (cards, tags, avatar, breadcrumb, antd's Form items).
 */
const NOT_ON_HOME = [
  ...[
    'drawer',
    'input-number',
    'descriptions',
    'typography',
    'card',
    'avatar',
    'popover',
    'popconfirm',
    'tag',
  ]
    .concat(['breadcrumb', 'input/OTP', 'form/FormItem'])
    .map((component) => `/node_modules/antd/es/${component}/`),
  '/src/features/orders/strings/',
  '/src/app/layout/PhoneNavigation',
];

/**
 * What the first screens download, checked on the build: the login page (the entry and the chunks it imports
 * statically) and the console's home (those and the `console` chunk with its static imports) hold none of the
 * modules listed above. The build names the module and the screen that broke it.
 */
const firstScreens = (): Plugin => ({
  name: 'first-screens',
  apply: 'build',
  applyToEnvironment: (environment) => environment.name === 'client',
  generateBundle(_options, bundle) {
    const chunks = Object.values(bundle).filter((chunk) => chunk.type === 'chunk');
    const withImports = (start: typeof chunks) => {
      const seen = new Set(start);
      for (const chunk of seen)
        for (const file of chunk.imports) {
          const imported = bundle[file];
          if (imported?.type === 'chunk') seen.add(imported);
        }
      return [...seen];
    };
    const login = withImports(chunks.filter((chunk) => chunk.isEntry));
    const home = withImports([...login, ...chunks.filter((chunk) => chunk.name === 'console')]);
    if (!home.some((chunk) => chunk.name === 'console')) this.error('first-screens: no console chunk');
    for (const [screen, files, refused] of [
      ['login page', login, NOT_ON_LOGIN],
      ["console's home", home, NOT_ON_HOME],
    ] as const)
      for (const chunk of files) {
        const held = chunk.moduleIds.find((id) => refused.some((path) => id.includes(path)));
        if (held) this.error(`The ${screen} downloads ${held} (in ${chunk.fileName}): see firstScreens`);
      }
  },
});

export default defineConfig({
  plugins: [react(), h5Fallback(), noZodClassic(), firstScreens()],
  server: {
    proxy: { '/api': 'http://127.0.0.1:8000' },
  },
  build: {
    outDir: 'dist',
    // Every browser the console supports preloads modules itself.
    modulePreload: { polyfill: false },
    emptyOutDir: true,
    rolldownOptions: {
      treeshake: {
        // The shared package's barrel also exports zod schemas; letting unused modules drop keeps zod
        // out of the login page's download.
        moduleSideEffects: (id) => !id.includes('/packages/shared/') && !id.includes('/node_modules/zod/'),
      },
      output: {
        // What the first page needs (everything the entry imports statically: the login page and its layout) is
        // one file: the dozens of chunks it would be split into compress worse one by one. The entry module
        // itself stays out: its top-level await loads the language pack, which imports from this file.
        codeSplitting: {
          groups: [
            { name: 'app', tags: ['$initial'], test: (id) => !id.endsWith('/src/main.tsx') },
            // The login page's language menu keeps a chunk of its own (with the antd Dropdown it needs), so picking
            // a language before signing in does not download the console below.
            { name: 'LanguageSelect', test: /\/src\/app\/layout\/LanguageSelect\.tsx$/ },
            // The console's home, where signing in lands, is one file too: the shell and the tests list with
            // everything they import statically. As 64 chunks it weighed 18 KiB more, and on HTTP/1.1 the sign-in's
            // own calls queued behind them for the browser's six connections. Other pages, drawers and dialogs keep
            // their own chunks, loaded with them. What else the login page opens (two-step prompt, error alert,
            // notices, the policy dialog: each shares a few antd modules with the home) downloads it too, as
            // touching the form does, and so do the pages before signing in (registration, recovery): those pages
            // download 415 KiB instead of 245, most of it cached for anyone who used the console before. Giving
            // them a chunk of their own put 17 KiB of their code on the home.
            { name: 'console', test: /\/src\/(app\/ConsoleShell|features\/tests\/TestPage)\.tsx$/ },
          ],
        },
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
      // Automatic chunks: one file of its first screen measured 5 KiB more than the split it replaces.
      build: { emptyOutDir: false, rolldownOptions: { input: 'h5.html', output: { codeSplitting: true } } },
    },
  },
  builder: {},
  test: {
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
