import { loadRegister, type Register } from '../register/index.ts';
import { contentDir } from './content-dir.ts';

let loading: Promise<Register> | undefined;

/**
 * The register every page renders from, loaded once per build. Bad content throws a `ContentError` listing
 * every problem with its file and line, which stops the build.
 */
export function siteRegister(): Promise<Register> {
  loading ??= loadRegister(contentDir());
  return loading;
}
