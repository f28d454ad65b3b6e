import { z } from 'zod';

/** The categories an entry's identifiers are filed under; each is a list of exact identifiers. */
export const nameCategorySchema = z.enum([
  'variables', // CI/CD variables and environment variables
  'keywords', // CI configuration keywords
  'fields', // API fields and attributes (REST and GraphQL)
  'types', // GraphQL types and inputs
  'arguments', // GraphQL arguments
  'queries', // GraphQL queries
  'mutations', // GraphQL mutations
  'enum-values', // enumeration values
  'flags', // feature flags
  'settings', // settings and configuration keys
  'metrics', // metric names
  'paths', // REST paths and URL paths
  'parameters', // request parameters
  'options', // command-line options
  'events', // audit event types
  'properties', // report and SBOM properties
  'tags', // runner tags
  'permissions', // permissions and custom-role abilities
  'templates', // CI template names
  'commands', // commands
  'values', // other literal values
]);

/** Every identifier a change names, filed by category, for search, cross-links and the checker. */
export const namesSchema = z.partialRecord(nameCategorySchema, z.array(z.string().min(1)).min(1));

/** A names category. */
export type NameCategory = z.infer<typeof nameCategorySchema>;
/** Identifiers by category. */
export type Names = z.infer<typeof namesSchema>;
