import { sql } from 'kysely';
import type { AnyDb } from './helpers.ts';

/**
 * The personal calendar asks for a project's defects whose plan ends on or after a day: an index
 * on the plan's effective end (a plan with one end set is that day), so defects without a plan
 * and plans long past are never read. The expression must match calendar.repository.ts.
 */
export async function up(db: AnyDb): Promise<void> {
  await sql`create index sys_defect_plan_idx on sys_defect (project_id, (coalesce(plan_end_time, plan_start_time)))`.execute(
    db,
  );
}
