/** What other features use of ai: they import it from here only (npm run lint:layers). */
export { generateAiCases, suggestDefectField } from './ai.api.ts';
