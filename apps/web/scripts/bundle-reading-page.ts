import path from "node:path";
import { build } from "esbuild";

const ENTRY = path.resolve(import.meta.dirname, "../src/lib/reading-page.ts");

/**
 * The reading script of a public page sent without the app (lib/reading-page.ts, decision 107), bundled and minified
 * into one classic script's text, which the server puts inside the page with its nonce (lib/defer-hydration.ts).
 */
export async function bundleReadingPage(): Promise<{ code: string; files: string[] }> {
  const result = await build({
    stdin: {
      contents: `import { startReadingPage } from ${JSON.stringify(ENTRY)}; startReadingPage();`,
      resolveDir: path.dirname(ENTRY),
      loader: "ts",
    },
    bundle: true,
    write: false,
    metafile: true,
    format: "iife",
    target: "es2020",
    minify: true,
    legalComments: "none",
    alias: { "~": path.resolve(import.meta.dirname, "../src") },
  });
  const code = result.outputFiles[0]!.text.trim();
  // The text goes inside an inline <script>, which "</script" in it would end early.
  if (/<\/script/i.test(code)) throw new Error("The reading script's text contains </script");
  return {
    code,
    files: Object.keys(result.metafile.inputs)
      .filter((file) => !file.includes("<stdin>"))
      .map((file) => path.resolve(process.cwd(), file)),
  };
}
