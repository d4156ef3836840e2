/** What other features use of modules: they import it from here only (npm run lint:layers). */
export { ModuleDialog, type ModuleEditTarget } from './module-dialog.tsx';
export { ModuleSelect } from './module-select.tsx';
export { type ModuleTreeNode, parentIds } from './module-tree.ts';
export { moduleKeys, useModuleTree } from './modules.api.ts';
