/** What other features use of test plans: they import it from here only (npm run lint:layers). */

export { PlanDashboard } from './plan-dashboard.tsx';
export { planKeys } from './plans.api.ts';
