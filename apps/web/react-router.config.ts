import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "src",
  ssr: true,
  // scripts/build-atomically.ts builds into a folder of its own, then switches build/ to it when complete.
  buildDirectory: process.env.WEB_BUILD_DIR ?? "build",
} satisfies Config;
