import fs from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { reactRouterProduction } from './react-router-production.mjs';

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

const NO_FILTER_TREE = '\0antd-table-filter-tree';

/**
 * antd's Table imports its Tree for tree-mode column filters, which no console table uses: in the build its filter
 * dropdown gets a Tree that fails loudly instead, and every page with a table downloads rc-tree's component no more
 * (about 12 KiB gzip). The build fails if antd stops importing it this way, so an upgrade cannot lose the stub
 * silently.
 */
const noTableFilterTree = (): Plugin => {
  let replaced = false;
  return {
    name: 'no-table-filter-tree',
    enforce: 'pre',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    resolveId(source, importer) {
      if (
        source !== '../../../tree' ||
        !importer?.endsWith('/antd/es/table/hooks/useFilter/FilterDropdown.js')
      )
        return;
      replaced = true;
      return NO_FILTER_TREE;
    },
    load(id) {
      if (id !== NO_FILTER_TREE) return;
      return 'export default function Tree() { throw new Error("Tree-mode column filters are left out of the build (apps/web/vite.config.ts)"); }';
    },
    buildEnd(error) {
      if (!error && !replaced)
        this.error(
          "antd's table filter no longer imports its Tree from '../../../tree': update noTableFilterTree",
        );
    },
  };
};

const NAME_HELPER = '\0antd-form-name-helper';

/**
 * antd's form engine (rc-form and async-validator, 13 KiB gzip) stays with the pages whose forms use it. antd's
 * inputs import the form's contexts, whose module takes one export (FormProvider) from rc-form's index, and its
 * radio group (in every table, for radio selection) takes a name helper from the form's useForm module, which
 * imports the engine: the chunks follow those imports, so the login page and the console's home carried the
 * engine though they draw their fields without antd's Form. The contexts are pointed at rc-form's module that
 * defines FormProvider, the radio group at the helper alone (antd's one line, checked against antd's source).
 * The build fails if antd stops importing them this way, so an upgrade cannot lose this silently.
 */
const formEngineWithItsForms = (): Plugin => {
  const redirected = new Set<string>();
  let formUtil = '';
  return {
    name: 'form-engine-with-its-forms',
    enforce: 'pre',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    async resolveId(source, importer) {
      if (source === '@rc-component/form' && importer?.endsWith('/antd/es/form/context.js')) {
        redirected.add('contexts');
        return this.resolve('@rc-component/form/es/FormContext.js', importer, { skipSelf: true });
      }
      if (source === '../form/hooks/useForm' && importer?.endsWith('/antd/es/radio/group.js')) {
        redirected.add('radio group');
        const useForm = path.resolve(path.dirname(importer), '../form/hooks/useForm.js');
        if (
          !fs
            .readFileSync(useForm, 'utf8')
            .includes("const namePath = toArray(name);\n  return namePath.join('_');")
        )
          this.error("antd's toNamePathStr changed: update formEngineWithItsForms");
        formUtil = path.resolve(path.dirname(importer), '../form/util.js');
        return NAME_HELPER;
      }
    },
    load(id) {
      if (id !== NAME_HELPER) return;
      return `import { toArray } from ${JSON.stringify(formUtil)};
export const toNamePathStr = (name) => toArray(name).join('_');`;
    },
    buildEnd(error) {
      if (!error && redirected.size < 2)
        this.error(
          `antd no longer imports its form engine through ${['contexts', 'radio group'].filter((part) => !redirected.has(part)).join(' and ')}: update formEngineWithItsForms`,
        );
    },
  };
};

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

export default defineConfig({
  plugins: [
    react(),
    reactRouterProduction(),
    h5Fallback(),
    noTableFilterTree(),
    formEngineWithItsForms(),
    noZodClassic(),
  ],
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
            { name: 'LanguageSelect', test: /\/src\/features\/layout\/LanguageSelect\.tsx$/ },
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
