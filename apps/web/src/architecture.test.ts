import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { afterAll, describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../../..");
const src = path.join(root, "apps/web/src");
// import/no-cycle follows the files on disk, which the paths below are not: it is checked on real files further down.
const eslint = new ESLint({ cwd: root, overrideConfig: { rules: { "import/no-cycle": "off" } } });

/** The import rules' messages ESLint gives a file importing `from` at this path (the file need not exist). */
async function importErrors(file: string, from: string) {
  const text = `import * as imported from "${from}";\nexport const x = imported;\n`;
  const [result] = await eslint.lintText(text, { filePath: path.join(src, file) });
  return result!.messages
    .filter((message) => message.ruleId === "import/no-restricted-paths")
    .map((message) => message.message);
}

// ESLint loads its whole configuration on the first call: seconds on a busy machine.
describe("one-direction imports on the web (eslint.config.js zones)", { timeout: 60_000 }, () => {
  it.each([
    ["features/selling/components/wrong.tsx", "../../ads/components/ad-grid", "another feature's internals"],
    ["features/selling/components/wrong.tsx", "~/features/ads/components/ad-grid", "another feature's internals"],
    ["components/wrong.tsx", "../features/ads/components/ad-grid", "import no feature"],
    ["components/wrong.tsx", "~/features/ads/components/ad-grid", "import no feature"],
    ["lib/wrong.ts", "../app/layouts/footer", "nothing of app/"],
    ["lib/wrong.ts", "~/app/layouts/footer", "nothing of app/"],
    ["features/ads/wrong.ts", "../../app/layouts/footer", "Features do not import app/"],
  ])("refuses %s importing %s", async (file, from, message) => {
    expect(await importErrors(file, from)).toEqual([expect.stringContaining(message)]);
  });

  it.each([
    ["features/selling/components/right.tsx", "./photo-manager"],
    ["features/selling/components/right.tsx", "~/components/ui/text-field"],
    ["features/selling/components/right.tsx", "~/features/selling/api/create-ad"],
    ["app/layouts/right.tsx", "../../features/ads/components/ad-grid"],
    ["app/layouts/right.tsx", "~/features/ads/components/ad-grid"],
  ])("lets %s import %s", async (file, from) => {
    expect(await importErrors(file, from)).toEqual([]);
  });
});

describe("no import loops on the web (import/no-cycle)", { timeout: 60_000 }, () => {
  // Two small modules written under src/ for the check, so the rule reads them as it reads the app's files.
  const folder = mkdtempSync(path.join(src, "lib", "cycle-check-"));
  const alias = `~/lib/${path.basename(folder)}`;
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  async function cycleErrors(files: Record<string, string>) {
    for (const [name, text] of Object.entries(files)) writeFileSync(path.join(folder, name), text);
    const results = await new ESLint({ cwd: root }).lintFiles(
      Object.keys(files).map((name) => path.join(folder, name)),
    );
    return results.flatMap((result) => result.messages.filter((message) => message.ruleId === "import/no-cycle"));
  }

  it("refuses two modules importing each other, through the ~/ alias too", async () => {
    const errors = await cycleErrors({
      "a.ts": `import { b } from "./b";\nexport const a = () => b;\n`,
      "b.ts": `import { a } from "${alias}/a";\nexport const b = () => a;\n`,
    });
    expect(errors).toHaveLength(2);
  });

  it("refuses a loop closed by a lazy import()", async () => {
    const errors = await cycleErrors({
      "c.ts": `export const c = () => import("./d");\n`,
      "d.ts": `import { c } from "./c";\nexport const d = c;\n`,
    });
    expect(errors).toHaveLength(2);
  });

  it("lets a type-only import point back", async () => {
    const errors = await cycleErrors({
      "e.ts": `import type { F } from "./f";\nexport type E = F;\nexport const e = 1;\n`,
      "f.ts": `import { e } from "./e";\nexport type F = number;\nexport const f = e;\n`,
    });
    expect(errors).toEqual([]);
  });
});
