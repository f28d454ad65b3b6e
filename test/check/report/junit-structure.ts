import { createRequire } from 'node:module';

/** An XML element as the strict parser read it. */
export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

interface SaxParser {
  onerror: (error: Error) => void;
  onopentag: (tag: { name: string; attributes: Record<string, string> }) => void;
  onclosetag: () => void;
  ontext: (text: string) => void;
  write(text: string): SaxParser;
  close(): SaxParser;
}

// sax is CommonJS without bundled types; its strict mode rejects any XML that is not well-formed.
const sax = createRequire(import.meta.url)('sax') as { parser(strict: boolean): SaxParser };

/** Parses XML strictly (well-formedness errors throw) into a tree of elements. */
export function parseXml(xml: string): XmlElement {
  const parser = sax.parser(true);
  const root: XmlElement = { name: '#document', attributes: {}, children: [], text: '' };
  const stack = [root];
  parser.onerror = (error) => {
    throw error;
  };
  parser.onopentag = (tag) => {
    const element: XmlElement = { name: tag.name, attributes: tag.attributes, children: [], text: '' };
    stack.at(-1)?.children.push(element);
    stack.push(element);
  };
  parser.onclosetag = () => {
    stack.pop();
  };
  parser.ontext = (text) => {
    const current = stack.at(-1);
    if (current) current.text += text;
  };
  parser.write(xml).close();
  return root;
}

/**
 * The JUnit shape CI servers read (the schema Jenkins and the platform share): `testsuites` holding
 * `testsuite`s of `testcase`s, each case with `classname` and `name` and at most one `failure`, and the
 * `tests` and `failures` counts equal to the cases and failures written. Returns every problem found.
 */
export function junitProblems(xml: string): string[] {
  const problems: string[] = [];
  const document = parseXml(xml);
  const suites = document.children[0];
  if (document.children.length !== 1 || suites?.name !== 'testsuites') return ['the root element is not testsuites'];
  let allCases = 0;
  let allFailures = 0;
  for (const suite of suites.children) {
    if (suite.name !== 'testsuite') {
      problems.push(`testsuites holds ${suite.name}`);
      continue;
    }
    const cases = suite.children.filter((child) => child.name === 'testcase');
    const failures = cases.filter((testcase) => testcase.children.some((child) => child.name === 'failure')).length;
    for (const child of suite.children)
      if (child.name !== 'testcase' && child.name !== 'properties') problems.push(`testsuite holds ${child.name}`);
    for (const testcase of cases) {
      if (!testcase.attributes.classname || !testcase.attributes.name) problems.push('a testcase lacks classname or name');
      const inner = testcase.children.map((child) => child.name);
      if (inner.some((name) => !['failure', 'error', 'skipped', 'system-out', 'system-err'].includes(name)))
        problems.push(`a testcase holds ${inner.join(', ')}`);
      if (inner.filter((name) => name === 'failure').length > 1) problems.push('a testcase holds two failures');
    }
    if (Number(suite.attributes.tests) !== cases.length)
      problems.push(`testsuite tests="${suite.attributes.tests}" but ${cases.length} cases`);
    if (Number(suite.attributes.failures) !== failures)
      problems.push(`testsuite failures="${suite.attributes.failures}" but ${failures} failing cases`);
    allCases += cases.length;
    allFailures += failures;
  }
  if (Number(suites.attributes.tests) !== allCases)
    problems.push(`testsuites tests="${suites.attributes.tests}" but ${allCases} cases`);
  if (Number(suites.attributes.failures) !== allFailures)
    problems.push(`testsuites failures="${suites.attributes.failures}" but ${allFailures} failing cases`);
  return problems;
}
