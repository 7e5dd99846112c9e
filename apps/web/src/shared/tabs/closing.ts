export type CloseAction = 'closeThis' | 'closeRight' | 'closeLeft' | 'closeOthers';

/** Why an action closes nothing; each has an info message (docs/spec.md section 5). */
export type Refusal = 'lastTab' | 'noLeft' | 'noRight';

/** The tabs a close action removes around `target` (in tab order), or why it removes none. */
export function tabsToClose(
  keys: readonly string[],
  target: string,
  action: CloseAction,
): { close: string[] } | { refused: Refusal } {
  const index = keys.indexOf(target);
  if (index < 0) return { close: [] };
  switch (action) {
    case 'closeThis':
      return keys.length > 1 ? { close: [target] } : { refused: 'lastTab' };
    case 'closeLeft':
      return index > 0 ? { close: keys.slice(0, index) } : { refused: 'noLeft' };
    case 'closeRight':
      return index < keys.length - 1 ? { close: keys.slice(index + 1) } : { refused: 'noRight' };
    case 'closeOthers':
      return keys.length > 1 ? { close: keys.filter((key) => key !== target) } : { refused: 'lastTab' };
  }
}
