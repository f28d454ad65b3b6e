export function compileCacheDir(tmp?: string): string | undefined;
export function enableCompileCache(): void;
