import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";

/** Where uploaded and generated files live. Keys are server-generated, never user-chosen. */
export interface Storage {
  put(key: string, body: Buffer): Promise<void>;
  remove(key: string): Promise<void>;
}

export function createLocalStorage(root: string): Storage {
  const resolve = (key: string) => {
    const file = path.resolve(root, key);
    if (!file.startsWith(path.resolve(root) + path.sep)) throw new Error(`Storage key escapes root: ${key}`);
    return file;
  };
  return {
    async put(key, body) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, body);
    },
    async remove(key) {
      await rm(resolve(key), { force: true });
    },
  };
}
