import tabs from '../../../shared/tabs/strings/en-US.json';
import layout from '../../layout/strings/console/en-US.json';

/** The console shell's own English strings (header, menus, tabs, settings drawer): not the login page's. */
export default { ...layout, ...tabs };
