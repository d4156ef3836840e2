/** What other features use of cases: they import it from here only (npm run lint:layers). */
export { type CaseOfDefect, defectFromCase } from './case-defect.ts';
