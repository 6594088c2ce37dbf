import { describe, expect, it } from 'vitest';
import { shareTypeLiterals } from '../../../src/emit/zod/shared-literals.js';

const user = '{ id: z.ZodInt; login: z.ZodString }';
const state = '{ open: "open"; closed: "closed" }';

interface Case {
  given: { annotations: { type: string | undefined; owner: string }[]; reserved?: string[] };
  want: { types: (string | undefined)[]; aliases: string[][] };
}

const CASES: [string, Case][] = [
  [
    'a literal spelled once stays inline',
    {
      given: {
        annotations: [{ type: `z.ZodObject<${user}, z.core.$loose>`, owner: 'UserSchema' }],
      },
      want: { types: [`z.ZodObject<${user}, z.core.$loose>`], aliases: [[]] },
    },
  ],
  [
    'a shape two consts spell is named after its first use and its key, declared before it',
    {
      given: {
        annotations: [
          {
            type: `z.ZodObject<{ owner: z.ZodNullable<z.ZodObject<${user}>> }>`,
            owner: 'RepoSchema',
          },
          { type: undefined, owner: 'LeafSchema' },
          { type: `z.ZodObject<{ "the-author": z.ZodObject<${user}> }>`, owner: 'GistSchema' },
        ],
      },
      want: {
        types: [
          'z.ZodObject<{ owner: z.ZodNullable<z.ZodObject<RepoOwnerShape>> }>',
          undefined,
          'z.ZodObject<{ "the-author": z.ZodObject<RepoOwnerShape> }>',
        ],
        aliases: [[`type RepoOwnerShape = ${user};`], [], []],
      },
    },
  ],
  [
    "enum values are `Values`; a repeat within one const counts; a parent's key names it",
    {
      given: {
        annotations: [
          {
            type: `z.ZodObject<{ state: z.ZodEnum<${state}>; previous?: z.ZodOptional<z.ZodEnum<${state}>> }>`,
            owner: 'IssueSchema',
          },
        ],
      },
      want: {
        types: [
          'z.ZodObject<{ state: z.ZodEnum<IssueStateValues>; previous?: z.ZodOptional<z.ZodEnum<IssueStateValues>> }>',
        ],
        aliases: [[`type IssueStateValues = ${state};`]],
      },
    },
  ],
  [
    'inside a named shape, a literal is written once: not named again',
    {
      given: {
        annotations: ['a', 'b'].map((key) => ({
          type: `z.ZodObject<{ ${key}: z.ZodInt; wrap: z.ZodObject<{ inner: z.ZodObject<${user}> }> }>`,
          owner: `${key.toUpperCase()}Schema`,
        })),
      },
      want: {
        types: [
          'z.ZodObject<{ a: z.ZodInt; wrap: z.ZodObject<AWrapShape> }>',
          'z.ZodObject<{ b: z.ZodInt; wrap: z.ZodObject<AWrapShape> }>',
        ],
        aliases: [[`type AWrapShape = { inner: z.ZodObject<${user}> };`], []],
      },
    },
  ],
  [
    'braces inside string literals are not literals; names avoid the reserved and each other',
    {
      given: {
        annotations: [
          { type: `z.ZodEnum<{ "{": "{"; "}'": "}'" }>`, owner: 'BraceSchema' },
          { type: `z.ZodEnum<{ "{": "{"; "}'": "}'" }>`, owner: 'BraceSchema' },
        ],
        reserved: ['BraceValues'],
      },
      want: {
        types: ['z.ZodEnum<BraceValues2>', 'z.ZodEnum<BraceValues2>'],
        aliases: [[`type BraceValues2 = { "{": "{"; "}'": "}'" };`], []],
      },
    },
  ],
];

describe('shareTypeLiterals: a type literal several annotations spell is named once', () => {
  it.each(CASES)('%s', (_name, { given, want }) => {
    expect(shareTypeLiterals(given.annotations, new Set(given.reserved))).toEqual(want);
  });
});
