/**
 * Compiles the project's WebAssembly text (`.wat`) with wabt, and writes the bytes as a TypeScript module,
 * so the package and the one-file CLI carry them with no file to find at run time.
 */
import wabtModule from 'wabt';

/** The binary of a `.wat` source, compiled with wabt's default features (no debug names). */
export async function compileWat(name: string, source: string): Promise<Uint8Array> {
  const wabt = await wabtModule();
  const parsed = wabt.parseWat(name, source);
  try {
    parsed.validate();
    return parsed.toBinary({ write_debug_names: false }).buffer;
  } finally {
    parsed.destroy();
  }
}

/** The TypeScript module that holds a binary, as base64 in one exported constant. */
export function bytesModule(source: string, constant: string, bytes: Uint8Array): string {
  return [
    `// Written by \`npm run build:wasm\` from ${source}: do not edit. A test compiles the source again and compares.`,
    `export const ${constant} =`,
    `  '${Buffer.from(bytes).toString('base64')}';`,
    '',
  ].join('\n');
}
