/** What other features use of configs: they import it from here only (npm run lint:layers). */
export { configKeys, listConfigs, updateConfig } from './configs.api.ts';
