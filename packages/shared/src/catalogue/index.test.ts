// The catalogue entry (docs/decisions/0073-shared-catalogue-and-schemas.md): a part of the main
// entry, never values of its own. That it reaches no zod is the lint's rule
// `shared-catalogue-without-zod` (.dependency-cruiser.cjs).
import { describe, expect, it } from 'vitest';
import * as main from '../index.js';
import * as catalogue from './index.js';

describe('the catalogue entry', () => {
  it('passes on the same values as the main entry, under the same names', () => {
    const values = Object.entries(catalogue);
    const mainValues = new Map(Object.entries(main));
    expect(values.length).toBeGreaterThan(50);
    for (const [name, value] of values) expect(mainValues.get(name), name).toBe(value);
  });

  it('holds no schema', () => {
    const schemas = Object.entries(catalogue).filter(
      ([name, value]) =>
        /^Z[A-Z]/.test(name) || (typeof value === 'object' && value !== null && '_zod' in value),
    );
    expect(schemas.map(([name]) => name)).toEqual([]);
  });
});
