import { backOfficeMenuIds } from '../seed/menus.ts';
import type { AnyDb } from './helpers.ts';

/**
 * Role 2 ("普通角色", ordinary role) loses the back-office pages the original seeded into it
 * (user administration among them): a database seeded before keeps its id and name, but no
 * longer lets whoever holds the role reset other people's passwords. A super administrator who
 * wants such a role grants the pages again on the role page, which warns what they give.
 */
export async function up(db: AnyDb): Promise<void> {
  await db
    .deleteFrom('sys_role_menu')
    .where('role_id', '=', 2)
    .where('menu_id', 'in', backOfficeMenuIds())
    .execute();
}
