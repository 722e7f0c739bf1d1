// Run tests/parity_snippet.py under Pyodide in node: node tests/pyodide_run.mjs N
// Loads the site's self-hosted Pyodide files and the engine wheel from docs/.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const { loadPyodide } = await import(join(root, "docs/pyodide/pyodide.mjs"));
const runtime = JSON.parse(readFileSync(join(root, "docs/data/runtime.json"), "utf8"));
const pyodide = await loadPyodide({ indexURL: join(root, "docs/pyodide") + "/" });
pyodide.unpackArchive(new Uint8Array(readFileSync(join(root, "docs/pyodide", runtime.wheel))), "wheel");
pyodide.globals.set("RULES_JSON", readFileSync(join(root, "docs/data/rules.json"), "utf8"));
pyodide.globals.set("N", Number(process.argv[2] || 1000));
pyodide.runPython(readFileSync(join(root, "tests/parity_snippet.py"), "utf8"));
const t = Date.now();
const out = pyodide.runPython("import json, sys\nVERSION = sys.version.split()[0]\nresults(N, json.loads(RULES_JSON))");
process.stdout.write(JSON.stringify({ version: pyodide.runPython("VERSION"), ms: Date.now() - t, results: out }));
