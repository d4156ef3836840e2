/** The sign-in page's texts in both languages, picked at build time (vite.config.ts). */
declare module 'virtual:sign-in-texts' {
  const texts: { zh_CN: Record<string, string>; en_US: Record<string, string> };
  export default texts;
}
