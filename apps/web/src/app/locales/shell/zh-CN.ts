import tabs from '../../../shared/tabs/strings/zh-CN.json';
import layout from '../../layout/strings/console/zh-CN.json';
import type english from './en-US.ts';

/** The console shell's own Chinese strings, typed against the English so a missing one fails the typecheck. */
const messages: typeof english = { ...layout, ...tabs };
export default messages;
