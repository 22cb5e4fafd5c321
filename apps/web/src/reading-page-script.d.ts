/** The reading script's minified text (vite.config.ts `readingPageScript`, lib/reading-page.ts). */
declare module "virtual:reading-page-script" {
  const code: string;
  export default code;
}
