/** What other features use of reports: they import it from here only (npm run lint:layers). */
export { createReport, listTemplates, reportKeys } from './reports.api.ts';
