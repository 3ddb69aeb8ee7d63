// fast-check arbitraries derived from JSON Schemas (the subset the OpenAPI description uses): values that
// should satisfy a schema, and values that break exactly one of its rules. Both are proposals: the
// contract fuzzer has Ajv judge each one against the published description before it is sent.
import fc from 'fast-check';

export type Schema = { [keyword: string]: unknown };

/** Resolves a local `$ref` ("#/components/schemas/X") in the document the schemas come from. */
export type Resolve = (ref: string) => Schema;

const MAX_GENERATED_LENGTH = 40;
const MAX_GENERATED_ITEMS = 4;

const text = (minLength: number, maxLength: number) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.string({ minLength, maxLength }) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength, maxLength }) },
  );

/** The schema with `$ref` followed and one branch of anyOf/oneOf folded into it. */
function branches(schema: Schema, resolve: Resolve): Schema[] {
  if (typeof schema['$ref'] === 'string')
    return branches({ ...resolve(schema['$ref']), ...without(schema, '$ref') }, resolve);
  const choices = (schema['anyOf'] ?? schema['oneOf']) as Schema[] | undefined;
  if (!choices) return [schema];
  const base = without(without(schema, 'anyOf'), 'oneOf');
  return choices.flatMap((choice) =>
    branches(choice, resolve).map((branch) => ({
      ...base,
      ...branch,
      required: [...((base['required'] as string[]) ?? []), ...((branch['required'] as string[]) ?? [])],
    })),
  );
}

function without(schema: Schema, keyword: string): Schema {
  const { [keyword]: _dropped, ...rest } = schema;
  return rest;
}

function typesOf(schema: Schema): string[] {
  const type = schema['type'];
  if (Array.isArray(type)) return type as string[];
  if (typeof type === 'string') return [type];
  if (schema['properties']) return ['object'];
  return [];
}

/** Values meant to satisfy `schema`. */
export function validValue(schema: Schema, resolve: Resolve): fc.Arbitrary<unknown> {
  const options = branches(schema, resolve);
  if (options.length > 1) return fc.oneof(...options.map((option) => validValue(option, resolve)));
  const one = options[0]!;
  if ('const' in one) return fc.constant(one['const']);
  if (Array.isArray(one['enum'])) return fc.constantFrom(...(one['enum'] as unknown[]));
  const types = typesOf(one);
  if (types.length === 0) return fc.jsonValue({ maxDepth: 2 });
  return fc.oneof(...types.map((type) => validOfType(type, one, resolve)));
}

function validOfType(type: string, schema: Schema, resolve: Resolve): fc.Arbitrary<unknown> {
  switch (type) {
    case 'string': {
      const minLength = (schema['minLength'] as number | undefined) ?? 0;
      const maxLength = (schema['maxLength'] as number | undefined) ?? MAX_GENERATED_LENGTH;
      const fits = (value: string) => [...value].length >= minLength && [...value].length <= maxLength;
      if (typeof schema['pattern'] === 'string')
        return fc.stringMatching(new RegExp(schema['pattern'], 'u')).filter(fits);
      return fc.oneof(
        { weight: 5, arbitrary: text(minLength, Math.min(maxLength, MAX_GENERATED_LENGTH)) },
        // The longest value allowed, since limits are where descriptions and servers disagree.
        { weight: 1, arbitrary: fc.constant('x'.repeat(maxLength)) },
      );
    }
    case 'integer': {
      const min = (schema['minimum'] as number | undefined) ?? -1000;
      const max = (schema['maximum'] as number | undefined) ?? 1000;
      return fc.oneof(fc.integer({ min, max }), fc.constantFrom(min, max));
    }
    case 'number':
      return fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const items = (schema['items'] as Schema | undefined) ?? {};
      const minLength = (schema['minItems'] as number | undefined) ?? 0;
      const maxItems = schema['maxItems'] as number | undefined;
      const some = fc.array(validValue(items, resolve), {
        minLength,
        maxLength: Math.max(minLength, Math.min(maxItems ?? MAX_GENERATED_ITEMS, MAX_GENERATED_ITEMS)),
      });
      if (maxItems === undefined) return some;
      return fc.oneof(
        { weight: 5, arbitrary: some },
        { weight: 1, arbitrary: fc.array(validValue(items, resolve), { minLength: maxItems, maxLength: maxItems }) },
      );
    }
    case 'object': {
      const properties = (schema['properties'] as Record<string, Schema> | undefined) ?? {};
      const required = (schema['required'] as string[] | undefined) ?? [];
      const known = fc.record(
        Object.fromEntries(Object.entries(properties).map(([name, property]) => [name, validValue(property, resolve)])),
        { requiredKeys: required.filter((name) => name in properties) },
      );
      const extra = schema['additionalProperties'];
      if (Object.keys(properties).length > 0 || extra === false || extra === undefined) return known;
      return fc.dictionary(fc.string({ maxLength: 10 }), validValue(extra as Schema, resolve), { maxKeys: 3 });
    }
    default:
      throw new Error(`No arbitrary for JSON Schema type ${type}`);
  }
}

/** Values that break one rule of `schema`, with the rule they break (for failure reports). */
export function invalidValue(schema: Schema, resolve: Resolve): fc.Arbitrary<{ value: unknown; breaks: string }> {
  const options = branches(schema, resolve);
  // For anyOf, breaking what every branch needs (a required member) breaks them all; the caller's judge checks.
  const one = options.length > 1 ? { ...options[0], required: [] } : options[0]!;
  const broken: Array<fc.Arbitrary<{ value: unknown; breaks: string }>> = [];
  const as = (breaks: string) => (value: unknown) => ({ value, breaks });
  const types = typesOf(one);
  if (!types.includes('string')) broken.push(fc.constant('not-a-number-or-object').map(as('type')));
  else broken.push(fc.constantFrom(12345, true, null).map(as('type')));
  if (Array.isArray(one['enum'])) broken.push(fc.constant('not-one-of-them').map(as('enum')));
  if (typeof one['minLength'] === 'number' && one['minLength'] > 0)
    broken.push(fc.constant('x'.repeat(one['minLength'] - 1)).map(as('minLength')));
  if (typeof one['maxLength'] === 'number')
    broken.push(fc.constant('x'.repeat(one['maxLength'] + 1)).map(as('maxLength')));
  if (typeof one['pattern'] === 'string') {
    const pattern = new RegExp(one['pattern'], 'u');
    broken.push(
      fc
        .constantFrom('', '!', ' ', 'é', 'a\tb', '"open', 'job_', 'Mg==x', 'x', '0', 'essay,', 'ESSAY', '%')
        .filter((value) => !pattern.test(value))
        .map(as('pattern')),
    );
  }
  if (typeof one['minimum'] === 'number') broken.push(fc.constant(one['minimum'] - 1).map(as('minimum')));
  if (typeof one['maximum'] === 'number') broken.push(fc.constant(one['maximum'] + 1).map(as('maximum')));
  if (types.includes('integer')) broken.push(fc.constantFrom(1.5, '1e3', 'abc').map(as('type')));
  if (types.includes('array')) {
    const items = (one['items'] as Schema | undefined) ?? {};
    if (typeof one['minItems'] === 'number' && one['minItems'] > 0) broken.push(fc.constant([]).map(as('minItems')));
    // The first item broken; the rest stay valid.
    broken.push(
      fc
        .tuple(fc.array(validValue(items, resolve), { maxLength: 2 }), invalidValue(items, resolve))
        .map(([rest, bad]) => ({ value: [bad.value, ...rest], breaks: `items[0]: ${bad.breaks}` })),
    );
    if (typeof one['maxItems'] === 'number')
      broken.push(
        fc
          .array(validValue(items, resolve), { minLength: one['maxItems'] + 1, maxLength: one['maxItems'] + 1 })
          .map(as('maxItems')),
      );
  }
  if (types.includes('object')) {
    const properties = (one['properties'] as Record<string, Schema> | undefined) ?? {};
    const required = (schema['required'] as string[] | undefined) ?? [];
    const valid = validValue(schema, resolve) as fc.Arbitrary<Record<string, unknown>>;
    for (const name of required)
      broken.push(valid.map((value) => ({ value: without(value, name), breaks: `required ${name}` })));
    if (options.length > 1) {
      // An anyOf of required members (AskRequest: q or query): drop every one of them.
      const alternatives = options.flatMap((option) => (option['required'] as string[]) ?? []);
      broken.push(
        valid.map((value) => ({
          value: alternatives.reduce((rest, name) => without(rest, name), value),
          breaks: `anyOf ${alternatives.join('|')}`,
        })),
      );
    }
    for (const [name, property] of Object.entries(properties)) {
      broken.push(
        fc
          .tuple(valid, invalidValue(property, resolve))
          .map(([value, bad]) => ({ value: { ...value, [name]: bad.value }, breaks: `${name}: ${bad.breaks}` })),
      );
    }
  }
  return fc.oneof(...broken);
}
