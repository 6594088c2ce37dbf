import { describe, expect, test } from 'vitest';
import { PointerResolver } from '../../src/model/pointer.js';

const document = {
  '': { empty: true },
  components: {
    schemas: {
      'A B': { type: 'string' },
      'a/b': { type: 'number' },
      'c~d': { type: 'boolean' },
      Alias: { $ref: '#/components/schemas/Object' },
      Object: { properties: { id: { type: 'integer' } } },
    },
  },
};

describe('PointerResolver', () => {
  // RFC 6901, as the one `parsePointer` reads it: only `#` is the whole document.
  const cases: [string, { given: string; want: { pointer: string; node: unknown } | undefined }][] =
    [
      ['`#` is the whole document', { given: '#', want: { pointer: '#', node: document } }],
      [
        '`#/` is the property named ""',
        { given: '#/', want: { pointer: '#/', node: { empty: true } } },
      ],
      [
        '`~1` and `~0` escapes',
        {
          given: '#/components/schemas/a~1b',
          want: { pointer: '#/components/schemas/a~1b', node: { type: 'number' } },
        },
      ],
      [
        '`~0` is a tilde',
        {
          given: '#/components/schemas/c~0d',
          want: { pointer: '#/components/schemas/c~0d', node: { type: 'boolean' } },
        },
      ],
      [
        'percent-encoded keys, as bundlers write them',
        {
          given: '#/components/schemas/A%20B',
          want: { pointer: '#/components/schemas/A B', node: { type: 'string' } },
        },
      ],
      [
        'a pointer through a `$ref` continues from its target',
        {
          given: '#/components/schemas/Alias/properties/id',
          want: {
            pointer: '#/components/schemas/Object/properties/id',
            node: { type: 'integer' },
          },
        },
      ],
      ['a missing key resolves to nothing', { given: '#/components/nothing', want: undefined }],
      ['not an internal pointer', { given: 'other.yaml#/a', want: undefined }],
    ];
  test.each(cases)('%s', (_name, { given, want }) => {
    expect(new PointerResolver(document).resolve(given)).toEqual(want);
  });
});
