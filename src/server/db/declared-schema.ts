/**
 * Tables generated from declarations (src/domain/resources) that have no hand-written table in schema.ts.
 * `npm run new-resource` appends one line per resource; drizzle-kit reads this file beside schema.ts.
 */
// new-resource: imports

// new-resource: tables
export {};
