/**
 * `npm run build:wasm`: compiles each WebAssembly text of `src/` into the TypeScript module that carries its
 * bytes. Run it after editing a `.wat` file; the test of each module fails until the two agree.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { bytesModule, compileWat } from './wasm/compile-wat.ts';
import { WASM_MODULES } from './wasm/modules.ts';

const ROOT = path.resolve(import.meta.dirname, '..');

for (const { source, output, constant } of WASM_MODULES) {
  const bytes = await compileWat(path.basename(source), readFileSync(path.join(ROOT, source), 'utf8'));
  writeFileSync(path.join(ROOT, output), bytesModule(source, constant, bytes));
  process.stderr.write(`${source}: ${bytes.length} bytes -> ${output}\n`);
}
