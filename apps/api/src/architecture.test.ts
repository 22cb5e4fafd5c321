import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../../..");
const eslint = new ESLint({ cwd: root });

/** The rule messages ESLint gives a file with this text at this path (the file need not exist). */
async function zoneErrors(file: string, text: string) {
  const [result] = await eslint.lintText(text, { filePath: path.join(root, file) });
  return result!.messages.filter((message) => message.ruleId === "import/no-restricted-paths").map((m) => m.message);
}

describe("one-direction imports (eslint.config.js zones)", () => {
  it("refuses another module's private files, by relative path", async () => {
    const errors = await zoneErrors(
      "apps/api/src/modules/selling/wrong.ts",
      'import { findLocations } from "../ads/ads.queries.ts";\nexport const x = findLocations;\n',
    );
    expect(errors).toEqual([expect.stringContaining("Other modules import only ads's public files")]);
  });

  it("lets a module use another's public face", async () => {
    const errors = await zoneErrors(
      "apps/api/src/modules/selling/right.ts",
      'import { loadAdListItems } from "../ads/ad-list-items.ts";\nexport const x = loadAdListItems;\n',
    );
    expect(errors).toEqual([]);
  });

  it("keeps adapters and the contract free of modules and apps", async () => {
    expect(
      await zoneErrors(
        "apps/api/src/lib/wrong.ts",
        'import { createAdsService } from "../modules/ads/ads.service.ts";\nexport const x = createAdsService;\n',
      ),
    ).toHaveLength(1);
    expect(
      await zoneErrors(
        "packages/shared/src/wrong.ts",
        'import { buildApp } from "../../../apps/api/src/app.ts";\nexport const x = buildApp;\n',
      ),
    ).toHaveLength(1);
  });
});
