import enUS from '../src/locales/en_US.json';
import zhCN from '../src/locales/zh_CN.json';

/**
 * Stands in for `virtual:sign-in-texts` (built by vite.config.ts) in the unit tests: whole
 * dictionaries, so components render their texts at once, as before the sign-in page had its own.
 */
export default { zh_CN: zhCN as Record<string, string>, en_US: enUS as Record<string, string> };
