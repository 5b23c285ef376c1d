// Writes src/schema.ts, the API's types, from the OpenAPI document a running ujumbe serves.
//
//   node scripts/generate.mjs [URL or file] [--check]
//
// The document defaults to $UJUMBE_API_URL/schema/openapi.json (http://127.0.0.1:8000 when unset).
// --check writes nothing: it exits 1 when src/schema.ts is not what the document generates, so a
// route, field or answer the app gained or lost cannot go unnoticed by the client.
import { readFile, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import openapiTS, { astToString } from "openapi-typescript";

const TARGET = fileURLToPath(new URL("../src/schema.ts", import.meta.url));
const HEADER = "// Generated from ujumbe's OpenAPI document by scripts/generate.mjs (openapi-typescript): do not edit.\n\n";

const args = process.argv.slice(2);
const check = args.includes("--check");
const source = args.find((a) => a !== "--check")
  ?? `${(process.env.UJUMBE_API_URL ?? "http://127.0.0.1:8000").replace(/\/$/, "")}/schema/openapi.json`;

async function readDocument(from) {
  if (/^https?:\/\//.test(from)) {
    const response = await fetch(from, { signal: AbortSignal.timeout(30_000) });
    if (!response.ok) throw new Error(`${from} answered ${response.status}`);
    return response.json();
  }
  return JSON.parse(await readFile(from, "utf8"));
}

const generated = HEADER + astToString(await openapiTS(await readDocument(source)));
if (check) {
  const committed = await readFile(TARGET, "utf8").catch(() => "");
  if (committed !== generated) {
    console.error(`src/schema.ts is stale: it is not what ${source} generates. Regenerate it, in`
      + " clients/typescript, from a running ujumbe (npm run generate -- http://127.0.0.1:8000/schema/openapi.json)"
      + " or from the document `make docs` writes (npm run generate -- ../../docs/api/openapi.json).");
    process.exit(1);
  }
  console.log(`src/schema.ts matches ${source}`);
} else {
  await writeFile(TARGET, generated);
  console.log(`src/schema.ts written from ${source}`);
}
