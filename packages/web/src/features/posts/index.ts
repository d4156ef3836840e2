/** What other features use of posts: they import it from here only (npm run lint:layers). */
export { postLabel } from './posts.api.ts';
