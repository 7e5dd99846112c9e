// Types only (imported with `import type`, so never bundled): every string of the console, the login page's pack
// and the console's screens' strings, for i18next's typed keys. One spread object type: an intersection of the
// two makes i18next's key types too deep for the compiler.

import type { ErrorCatalogue } from '@cool/shared/errors';
import { messages as screens } from './console/en-US.ts';
import { messages as pack } from './en-US.ts';
import shell from './shell/en-US.ts';

// The shell's strings share the login page's `layout` key: merged one level down.
const all = {
  ...pack,
  ...screens,
  ...shell,
  layout: { ...pack.layout, ...shell.layout },
  serverError: {} as ErrorCatalogue,
};
export type Messages = typeof all;
