/** What other features use of menus: they import it from here only (npm run lint:layers). */
export { getMenuTree, menuKeys, menuTreeOptions } from './menus.api.ts';
