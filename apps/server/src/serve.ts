// The app's half of a start, bundled into one script (dist/serve-<hash>.cjs) that main.ts compiles with V8's code
// cache. Each part initialises at its call, so the database's modules still load before the app's.
export const loadDatabase = () => import('./db/database.ts');
export const loadServer = () => import('./server.ts');
export const loadCloseWithGrace = () => import('close-with-grace');
