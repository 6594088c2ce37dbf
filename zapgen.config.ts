import { defineConfig } from '@zapgen/generator/config';

export default defineConfig({
  apis: [
    {
      name: 'actions-v2',
      spec: 'spec/actions-v2',
      output: 'packages/actions-v2',
      packageName: '@zapgen/actions-v2',
    },
    {
      name: 'partner-v1',
      spec: 'spec/partner-v1',
      output: 'packages/partner-v1',
      packageName: '@zapgen/partner-v1',
    },
  ],
});
