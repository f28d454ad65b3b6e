import { readFileSync } from 'node:fs';
import path from 'node:path';
import ajvDraft04 from 'ajv-draft-04';
import ajvFormats from 'ajv-formats';

// The official SARIF 2.1.0 schema is JSON Schema draft-04, hence ajv-draft-04 rather than ajv's default class.
// Both packages are CommonJS with the class on `default` as well as on `module.exports`.
const schema = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../../fixtures/schemas/sarif-schema-2.1.0.json'), 'utf8'),
);
const ajv = new ajvDraft04.default({ allErrors: true, strict: false });
ajvFormats.default(ajv);

/** Validates a SARIF log against the official 2.1.0 schema. */
export const validateSarif = ajv.compile(schema);
