import { describe, expect, it } from 'vitest';
import { fromApiMd, fromStainlessYaml, namespacesOf } from '../../src/config/stainless.js';

describe('the surface of a Stainless SDK', () => {
  const cases: [string, { given: [(text: string) => unknown, string]; want: unknown }][] = [
    [
      'api.md: nested resources, methods with and without a link, a client method, an alias, an entity',
      {
        given: [
          fromApiMd,
          `# Files

Types:

- <code><a href="./src/resources/files.ts">FileObject</a></code>

Methods:

- <code title="post /files">client.files.<a href="./src/resources/files.ts">create</a>({ ...params }) -> FileObject</code>
- <code title="get /files/{file_id}/content">client.files.<a href="./src/resources/files.ts">content</a>(fileId) -> Response</code>
- <code title="get /files/{file_id}/content">client.files.<a href="./src/resources/files.ts">retrieveContent</a>(fileId) -> string</code>

## Jobs

- <code title="get /fine_tuning/jobs/{fine_tuning_job_id}/events">client.fineTuning.jobs.<a href="./src/resources/fine-tuning/jobs/jobs.ts">listEvents</a>(id, { ...params }) -> Page</code>
- <code title="GET /a&#123;b&#125;">client.misc.bare(id) -> X</code>
- <code title="get /ping">client.<a href="./src/client.ts">ping</a>() -> void</code>
`,
        ],
        want: [
          { endpoint: 'post /files', member: 'files.create' },
          { endpoint: 'get /files/{file_id}/content', member: 'files.content' },
          { endpoint: 'get /files/{file_id}/content', member: 'files.retrieveContent' },
          {
            endpoint: 'get /fine_tuning/jobs/{fine_tuning_job_id}/events',
            member: 'fineTuning.jobs.listEvents',
          },
          { endpoint: 'get /a{b}', member: 'misc.bare' },
        ],
      },
    ],
    [
      'stainless.yml: resources, subresources, endpoint strings and objects, snake_case camelCased',
      {
        given: [
          fromStainlessYaml,
          `resources:
  fine_tuning:
    subresources:
      jobs:
        methods:
          list_events: get /fine_tuning/jobs/{id}/events
          create:
            endpoint: post /fine_tuning/jobs
            paginated: false
  models:
    methods:
      retrieve: get /models/{model}
      broken: { type: http }
`,
        ],
        want: [
          { endpoint: 'get /fine_tuning/jobs/{id}/events', member: 'fineTuning.jobs.listEvents' },
          {
            endpoint: 'post /fine_tuning/jobs',
            member: 'fineTuning.jobs.create',
            paginated: false,
          },
          { endpoint: 'get /models/{model}', member: 'models.retrieve' },
        ],
      },
    ],
  ];
  it.each(cases)('%s', (_name, { given: [read, text], want }) => {
    expect(read(text)).toEqual(want);
  });

  it('an endpoint with aliases becomes a list in the config', () => {
    expect(
      namespacesOf([
        { endpoint: 'get /a', member: 'a.get' },
        { endpoint: 'get /a', member: 'a.retrieve' },
        { endpoint: 'get /a', member: 'a.get' },
        { endpoint: 'post /a', member: 'a.create' },
      ]),
    ).toEqual({ 'get /a': ['a.get', 'a.retrieve'], 'post /a': 'a.create' });
  });
});
