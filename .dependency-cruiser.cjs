/**
 * The console's layers (apps/web/src), checked by `npm run lint`: shared -> features -> app, each feature on
 * its own. A rule here covers every feature folder, present and future.
 */
module.exports = {
  forbidden: [
    {
      name: 'feature-to-feature',
      comment:
        'A feature imports only its own files, src/shared and @cool/shared: move what two features use into src/shared.',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'feature-to-app',
      comment: 'Features sit below the app shell: they do not import src/app.',
      severity: 'error',
      from: { path: '^apps/web/src/features/' },
      to: { path: '^apps/web/src/app/' },
    },
    {
      name: 'shared-to-features-or-app',
      comment: 'src/shared is the bottom layer: it imports no feature and not the app.',
      severity: 'error',
      from: { path: '^apps/web/src/shared/' },
      to: { path: '^apps/web/src/(features|app)/' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: { path: '^apps/web/src/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)node_modules/|\\.test\\.tsx?$|/src/test/' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
  },
};
