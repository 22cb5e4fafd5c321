import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createLocalStorage } from "./storage.ts";
import { storeThenWrite } from "./stored-files.ts";

const root = mkdtempSync(path.join(tmpdir(), "waterside-stored-files-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const storage = createLocalStorage(root);
const exists = (key: string) => existsSync(path.join(root, key));
const body = Buffer.from("RIFF....WEBP");
let sequence = 0;
const key = (name: string) => `stored-files-test/${++sequence}-${name}.webp`;

describe("storeThenWrite", () => {
  it("stores the files before the write and returns what the write returns", async () => {
    const picture = key("picture");
    const result = await storeThenWrite(storage, {
      store: async (files) => {
        await files.put(picture, body);
        return picture;
      },
      write: async (stored) => {
        expect(exists(stored)).toBe(true);
        return 42;
      },
    });
    expect(result).toBe(42);
    expect(exists(picture)).toBe(true);
  });

  it("removes every file it stored when the write fails, and the error goes on", async () => {
    const [first, second] = [key("first"), key("second")];
    const write = storeThenWrite(storage, {
      store: async (files) => {
        await Promise.all([files.put(first, body), files.put(second, body)]);
      },
      write: async () => {
        throw new Error("the transaction rolled back");
      },
    });
    await expect(write).rejects.toThrow("the transaction rolled back");
    expect([exists(first), exists(second)]).toEqual([false, false]);
  });

  it("removes what the store step wrote before it failed, puts still under way included", async () => {
    const [stored, underWay] = [key("stored"), key("under-way")];
    const write = storeThenWrite(storage, {
      store: async (files) => {
        await files.put(stored, body);
        // Not awaited: the step fails while this put runs; the file must not stay behind once it lands.
        void files.put(underWay, Buffer.alloc(4 * 1024 * 1024));
        throw new Error("the second picture is not an image");
      },
      write: async () => expect.unreachable("no row is written when storing fails"),
    });
    await expect(write).rejects.toThrow("the second picture is not an image");
    expect([exists(stored), exists(underWay)]).toEqual([false, false]);
  });

  it("removes the files the write replaced once it has committed, and only then", async () => {
    const [old, kept] = [key("old"), key("kept")];
    await Promise.all([storage.put(old, body), storage.put(kept, body)]);

    const failing = storeThenWrite(storage, {
      store: async (files) => files.put(key("new"), body),
      write: async () => {
        throw new Error("the transaction rolled back");
      },
      replaced: () => [old],
    });
    await expect(failing).rejects.toThrow("the transaction rolled back");
    // The rows still name the old picture.
    expect(exists(old)).toBe(true);

    const replacement = key("replacement");
    await storeThenWrite(storage, {
      store: async (files) => {
        await files.put(replacement, body);
        return replacement;
      },
      write: async () => expect(exists(old)).toBe(true),
      replaced: () => [old],
    });
    expect([exists(old), exists(kept), exists(replacement)]).toEqual([false, true, true]);
  });
});
