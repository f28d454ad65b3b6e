/**
 * Requests shaped like those of the SDKs the spec lists (Go, Java, NodeJS, PHP, Python, Ruby, Rust at
 * their tested versions): their endpoint kind, auth form, timestamp format, exception shape and item
 * types. Sample data, tests and the ingestion benchmark share them. Payloads are trimmed to the fields
 * the reference reads plus a little of the noise real SDKs add.
 */
import { go } from './sdk-samples/go.ts';
import { java } from './sdk-samples/java.ts';
import { node } from './sdk-samples/node.ts';
import { php } from './sdk-samples/php.ts';
import { python } from './sdk-samples/python.ts';
import { ruby } from './sdk-samples/ruby.ts';
import { rust } from './sdk-samples/rust.ts';
import type { SdkSample } from './sdk-samples/sample-request.ts';

export type { SampleInput, SampleRequest, SdkSample } from './sdk-samples/sample-request.ts';

/** Every SDK shape, in the spec's order. */
export const SDK_SAMPLES: SdkSample[] = [go, java, node, php, python, ruby, rust];
