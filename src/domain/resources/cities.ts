import { z } from 'zod';
import { requiredText } from '../schemas/common.js';
import { defineResource } from '../resource.js';

export const PINCODE_MESSAGE = 'Please enter a valid 6-digit pincode';

/**
 * SPEC.md section 2's City Listing: a SPEC.md resource on the shared declaration. Warehouses and users point at a
 * city, so what keeps one from deletion is declared with its table (src/server/resources/cities.ts).
 */
export const citiesResource = defineResource({
  name: 'cities',
  path: '/cities',
  label: 'Cities',
  menuLabel: 'City Listing',
  hint: 'City Listing, Add and Edit City',
  entity: { title: 'City', singular: 'city', plural: 'cities' },
  fields: {
    name: { kind: 'text', label: 'City Name', rule: requiredText('City name', 100), column: 'City Name', search: true, sort: true },
    state: { kind: 'text', label: 'State', rule: requiredText('State', 100), column: 'State', search: true, sort: true, filter: 'contains' },
    district: { kind: 'text', label: 'District', rule: requiredText('District', 100), column: 'District', search: true, sort: true },
    pincode: {
      kind: 'text',
      label: 'Pincode',
      column: 'Pincode',
      search: true,
      sort: true,
      maxLength: 6,
      inputMode: 'numeric',
      placeholder: '6-digit pincode',
      rule: z
        .union([z.string(), z.number()], { error: PINCODE_MESSAGE })
        .transform((v) => String(v).trim())
        .pipe(z.string().regex(/^\d{6}$/, PINCODE_MESSAGE)),
    },
    wards: {
      kind: 'list',
      label: 'Wards',
      column: 'Wards',
      itemLabel: 'Ward',
      // Blank wards are dropped before the at-least-one check (SPEC.md section 5).
      rule: z
        .array(z.string({ error: 'Each ward must be text' }), { error: 'Wards are required' })
        .transform((wards) => wards.map((w) => w.trim()).filter(Boolean))
        .pipe(z.array(z.string().max(100, 'A ward name must be at most 100 characters')).min(1, 'At least one ward is required').max(500)),
    },
    is_active: {
      kind: 'boolean',
      label: 'Active',
      column: 'Status',
      filter: true,
      labels: ['Active', 'Inactive'],
      rule: z.boolean({ error: 'is_active must be true or false' }).default(true),
    },
  },
  // A unique index on the name and state (any case, trimmed) and the pincode (src/server/db/schema.ts) refuses a second one.
  duplicateMessage: 'A city with this name, state and pincode already exists',
  // Admin only (SPEC.md section 6): warehouse users see City Listing greyed out.
  grants: {},
  timestamps: { created: true, modified: true },
  screens: { list: '/cities', create: '/city-registration', edit: '/city-edit/:id' },
  menu: 'create',
  list: {
    title: 'City Management',
    emptyText: 'No cities found',
    searchPlaceholder: 'Search cities by name, state, district or pincode',
    suggestion: ['name', 'state'],
    createdColumn: 'Created',
  },
});
