/** What other features use of depts: they import it from here only (npm run lint:layers). */
export { DeptTreeFilter } from './dept-tree-filter.tsx';
export { deptKeys, deptLabel, getDeptTree, treeSelectOptions } from './depts.api.ts';
