/**
 * The organisation seeded at first start: the original's four posts (its dump seeds no
 * department, so one top department stands for the whole organisation). Their names are
 * translated by the web while unchanged (`post.name.<code>`, `dept.name.root`).
 */
export const SEEDED_POSTS = [
  { postCode: 'ceo', postName: '董事长', postSort: 1 },
  { postCode: 'se', postName: '项目经理', postSort: 2 },
  { postCode: 'hr', postName: '人力资源', postSort: 3 },
  { postCode: 'user', postName: '普通员工', postSort: 4 },
] as const;

export const ROOT_DEPT = { deptId: 100, deptName: '总部' } as const;
