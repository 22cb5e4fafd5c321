import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../../..");
const eslint = new ESLint({ cwd: root });

/** The import rules' messages ESLint gives a file importing `from` at this path (the file need not exist). */
async function importErrors(file: string, from: string) {
  const text = `import * as imported from "${from}";\nexport const x = imported;\n`;
  const [result] = await eslint.lintText(text, { filePath: path.join(root, "apps/web/src", file) });
  return result!.messages
    .filter((message) => message.ruleId === "import/no-restricted-paths" || message.ruleId === "no-restricted-imports")
    .map((message) => message.message);
}

// ESLint loads its whole configuration on the first call: seconds on a busy machine.
describe("one-direction imports on the web (eslint.config.js zones)", { timeout: 60_000 }, () => {
  it.each([
    ["features/selling/components/wrong.tsx", "../../ads/components/ad-grid", "another feature's internals"],
    ["features/selling/components/wrong.tsx", "~/features/ads/components/ad-grid", "only from app/"],
    ["components/wrong.tsx", "../features/ads/components/ad-grid", "import no feature"],
    ["lib/wrong.ts", "../app/layouts/footer", "nothing of app/"],
    ["features/ads/wrong.ts", "../../app/layouts/footer", "Features do not import app/"],
  ])("refuses %s importing %s", async (file, from, message) => {
    expect(await importErrors(file, from)).toEqual([expect.stringContaining(message)]);
  });

  it.each([
    ["features/selling/components/right.tsx", "./photo-manager"],
    ["features/selling/components/right.tsx", "~/components/ui/text-field"],
    ["app/layouts/right.tsx", "../../features/ads/components/ad-grid"],
    ["app/layouts/right.tsx", "~/features/ads/components/ad-grid"],
  ])("lets %s import %s", async (file, from) => {
    expect(await importErrors(file, from)).toEqual([]);
  });
});
