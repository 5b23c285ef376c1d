// The committed types are those the running app's API document generates: a route, field or
// answer the app gained or lost fails here until src/schema.ts is regenerated.
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { test } from "node:test";

import { baseUrl } from "./support.js";

test("src/schema.ts is what the app's API document generates", async () => {
  const script = fileURLToPath(new URL("../../scripts/generate.mjs", import.meta.url));
  const checked = await new Promise<{ code: number; output: string }>((resolve) => {
    execFile(process.execPath, [script, "--check", `${baseUrl}/schema/openapi.json`], { timeout: 120_000 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, output: stdout + stderr }));
  });
  assert.equal(checked.code, 0, checked.output);
});
