/**
 * Checks a guide's text and samples against the spec. A sample labelled `origin="spec"` must be the spec's
 * through and through: every name and value in it is in the spec (placeholders filled from settings
 * excepted). Prose outside `<ReferenceDesign>` blocks and outside sentences that say whose they are states
 * the spec's facts, so every code span in it must be in the spec too; commands of Sunset itself are the
 * project's own and are not looked up.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { CONTENT_DIR } from '../../src/register/index.ts';
import { unlabelledCode } from './spec-labels-api.ts';
import type { SpecText } from './spec-text.ts';

/** One sample of a guide. */
export interface GuideSample {
  guide: string;
  title: string;
  origin: string | undefined;
  code: string;
}

/** A guide's text, split into samples and prose. */
export interface Guide {
  name: string;
  samples: GuideSample[];
  /** The prose, with front matter, samples and `<ReferenceDesign>` blocks taken out. */
  prose: string;
}

/** Reads a guide's samples and prose. */
export function readGuide(name: string, text: string): Guide {
  const samples = [...text.matchAll(/<Example\b([\s\S]*?)\/>/g)].map((match) => {
    const tag = match[1] ?? '';
    return {
      guide: name,
      title: /\btitle="([^"]*)"/.exec(tag)?.[1] ?? '',
      origin: /\borigin="([^"]*)"/.exec(tag)?.[1],
      code: /code=\{`([\s\S]*?)`\}/.exec(tag)?.[1] ?? '',
    };
  });
  const prose = text
    .replace(/^---[\s\S]*?---/, '')
    .replace(/<ReferenceDesign>[\s\S]*?<\/ReferenceDesign>/g, '')
    .replace(/<Example\b[\s\S]*?\/>/g, '');
  return { name, samples, prose };
}

/** Every guide in `content/guides/`. */
export function readGuides(dir = path.join(CONTENT_DIR, 'guides')): Guide[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith('.mdx'))
    .sort()
    .map((file) => readGuide(file, readFileSync(path.join(dir, file), 'utf8')));
}

/** The names and values of a sample: words of code, less comments, the spec's placeholders and YAML syntax. */
function sampleValues(code: string): string[] {
  return code
    .split('\n')
    .map((line) => line.replace(/(^|\s)#.*$/, '').replace(/\{(base_url|config_dir|site_url)\}/g, ''))
    .flatMap((line) => line.match(/[\w./<>{}@-]+/g) ?? [])
    .filter((word) => !/^(-|true|false|null)$/.test(word));
}

/** What a guide states as the spec's that the spec does not hold. */
export function guideProblems(guide: Guide, spec: SpecText): string[] {
  const problems: string[] = [];
  for (const sample of guide.samples) {
    if (sample.origin === 'spec') {
      for (const value of sampleValues(sample.code)) {
        if (!spec.hasValue(value)) problems.push(`guide ${guide.name} sample "${sample.title}": "${value}" is labelled spec`);
      }
    }
  }
  const ownCommand = /^(npx )?sunset\b/;
  for (const code of unlabelledCode(guide.prose, spec)) {
    if (!ownCommand.test(code)) problems.push(`guide ${guide.name}: \`${code}\` is stated as the spec's`);
  }
  return problems;
}
