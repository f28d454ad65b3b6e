/** The WebAssembly texts of `src/`, each with the TypeScript module that carries its bytes. */
export const WASM_MODULES = [
  {
    source: 'src/check/file/prefilter-automaton.wat',
    output: 'src/check/file/prefilter-automaton-bytes.ts',
    constant: 'PREFILTER_AUTOMATON_WASM',
  },
] as const;
