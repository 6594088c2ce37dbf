import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LineCounter, parseDocument, isMap, isPair, isScalar, isSeq, type Node } from 'yaml';
import { jsonOffsets, lineColumns } from '../../src/load/json-positions.js';
import { corpusSpec } from '../../../test/support/corpus.js';

const text = `{
  "a": { "b}": [10, {"c\\"d": "x]}\\"", "e": null}], "f": true },
  "g": []
}`;

describe('jsonOffsets', () => {
  const cases: [string, { given: string[]; want: string }][] = [
    ['the root', { given: [], want: '1:1' }],
    ['a key', { given: ['a'], want: '2:3' }],
    ['a key with a bracket', { given: ['a', 'b}'], want: '2:10' }],
    ['an array item', { given: ['a', 'b}', '1'], want: '2:21' }],
    ['a key with an escaped quote', { given: ['a', 'b}', '1', 'c"d'], want: '2:22' }],
    [
      'a key after a string holding brackets and quotes',
      { given: ['a', 'b}', '1', 'e'], want: '2:39' },
    ],
    ['a key after a skipped array', { given: ['a', 'f'], want: '2:52' }],
    ['a missing key: its deepest existing ancestor', { given: ['g', '0', 'x'], want: '3:3' }],
  ];

  it.each(cases)('%s', (_name, { given, want }) => {
    const [position] = lineColumns(text, jsonOffsets(text, [given]));
    expect(`${position!.line}:${position!.column}`).toBe(want);
  });

  it('agrees with the YAML parser on a real spec', () => {
    const spec = readFileSync(corpusSpec('oai-v30-petstore-expanded.json'), 'utf8');
    const requests = [
      ['paths', '/pets', 'get', 'parameters', '1', 'schema', 'format'],
      ['paths', '/pets/{id}', 'delete', 'operationId'],
      ['components', 'schemas', 'NewPet', 'required', '0'],
      ['info', 'license', 'url'],
    ];
    const lineCounter = new LineCounter();
    const document = parseDocument(spec, { lineCounter });
    const viaYaml = requests.map((segments) => {
      let node: unknown = document.contents;
      let offset = 0;
      for (const segment of segments) {
        if (isMap(node)) {
          const pair = node.items.find(
            (item) => isPair(item) && isScalar(item.key) && String(item.key.value) === segment,
          )!;
          offset = (pair.key as Node).range![0];
          node = pair.value;
        } else if (isSeq(node)) {
          node = node.items[Number(segment)];
          offset = (node as Node).range![0];
        }
      }
      return offset;
    });
    expect(jsonOffsets(spec, requests)).toEqual(viaYaml);
  });
});
