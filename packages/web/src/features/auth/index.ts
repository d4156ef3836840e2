/** What other features use of auth: they import it from here only (npm run lint:layers). */
export { updatePassword } from './auth.api.ts';
