/**
 * Coverage of the Partner API v1 document (`../shared/seeds/001_e5202c709187e6b4.txt`, beside the repo; the tables below quote it) and of the
 * "Partner API v1" part of PUBLIC-FACTS.md by the bundled spec `packages/partner-v1/openapi.json`.
 * One row per fact, in the order of the document; the interpretations are listed in spec/README.md.
 */
import { describe, expect, it } from 'vitest';
import { componentSchema, deref, loadBundledSpec, operation } from '../support/spec.js';
import {
  operationKeys,
  parameterKeys,
  reachableSchemas,
  requiredEntries,
  resolve,
  undescribedProperties,
  type Fact,
} from '../support/partner-v1-coverage-helpers.js';

const document = loadBundledSpec('partner-v1');

const ref = (name: string) => `#/components/schemas/${name}`;
const fromFacts = /^From public documentation:/;

const apps = 'GET /v1/apps';
const templates = 'GET /v1/zap-templates';
const myTemplates = 'GET /v1/zap-templates/me';
const zaps = 'GET /v1/zaps';

/** The document's endpoint list (section "Endpoints" and the authentication table). */
const endpoints = [apps, templates, myTemplates, zaps];

/** Facts of the introduction, "What the service does" and "Versioning". */
const service: Fact[] = [
  [
    'the API is served under `{partner_url}`',
    { given: { document: 'servers.0.url' }, want: '{partner_url}' },
  ],
  [
    'facts: the real base is https://api.zapier.com',
    {
      given: { document: 'servers.0.variables.partner_url.default' },
      want: 'https://api.zapier.com',
    },
  ],
  ['the version is the path prefix /v1/', { given: { document: 'info.version' }, want: 'v1' }],
  [
    'the service lists apps that can be integrated',
    { given: { document: 'info.description' }, want: /list the apps that can be integrated/ },
  ],
  [
    'the service lists Zap templates, public ones and those the user added',
    { given: { document: 'info.description' }, want: /both public ones and those the user added/ },
  ],
  [
    "the service lists a user's Zaps that contain the partner's app",
    { given: { document: 'info.description' }, want: /list a user's automations \(Zaps\)/ },
  ],
  [
    'the partner application is identified by a client_id',
    { given: { document: 'info.description' }, want: /identified by the `client_id`/ },
  ],
  [
    'a user is identified by an access token',
    { given: { document: 'info.description' }, want: /a user is identified by an access token/ },
  ],
  ['section "apps" is a tag', { given: { document: 'tags.0.name' }, want: 'Apps' }],
  [
    'section "Zap templates" is a tag',
    { given: { document: 'tags.1.name' }, want: 'Zap Templates' },
  ],
  ['section "Zaps" is a tag', { given: { document: 'tags.2.name' }, want: 'Zaps' }],
];

/** "Resources and their fields" → App. */
const app: Fact[] = [
  ['App is an object', { given: { schema: 'App', at: 'type' }, want: 'object' }],
  [
    'App: no field is stated as always present',
    { given: { schema: 'App', at: 'required' }, want: undefined },
  ],
  [
    'App stays open to fields the document does not list',
    { given: { schema: 'App', at: 'additionalProperties' }, want: true },
  ],
  [
    'App.description is a string',
    { given: { schema: 'App', at: 'properties.description.type' }, want: 'string' },
  ],
  [
    'App.description is plain text',
    { given: { schema: 'App', at: 'properties.description.description' }, want: /plain text/ },
  ],
  [
    'App.links is an object (AppLinks)',
    { given: { schema: 'App', at: 'properties.links.$ref' }, want: ref('AppLinks') },
  ],
  [
    'AppLinks is an open object',
    { given: { schema: 'AppLinks', at: 'additionalProperties' }, want: true },
  ],
  ['AppLinks: no required key', { given: { schema: 'AppLinks', at: 'required' }, want: undefined }],
  [
    'links key `mutual:zap_templates` is a string',
    { given: { schema: 'AppLinks', at: 'properties.mutual:zap_templates.type' }, want: 'string' },
  ],
  [
    'links key `mutual:zap_templates` holds a URL to the templates shared with this app',
    {
      given: { schema: 'AppLinks', at: 'properties.mutual:zap_templates.description' },
      want: /URL of the Zap templates shared with this app/,
    },
  ],
  [
    'App.title is a string',
    { given: { schema: 'App', at: 'properties.title.type' }, want: 'string' },
  ],
  [
    'App.title is the app name',
    { given: { schema: 'App', at: 'properties.title.description' }, want: /App name/ },
  ],
  ['App.url is a string', { given: { schema: 'App', at: 'properties.url.type' }, want: 'string' }],
  [
    'App.url is an absolute URL',
    { given: { schema: 'App', at: 'properties.url.description' }, want: /Absolute URL/ },
  ],
  [
    'App.image is a string',
    { given: { schema: 'App', at: 'properties.image.type' }, want: 'string' },
  ],
  [
    'App.image is the large logo',
    { given: { schema: 'App', at: 'properties.image.description' }, want: /large logo/ },
  ],
  [
    'App.images is an object (AppImages)',
    { given: { schema: 'App', at: 'properties.images.$ref' }, want: ref('AppImages') },
  ],
  [
    'AppImages is an open object',
    { given: { schema: 'AppImages', at: 'additionalProperties' }, want: true },
  ],
  [
    'AppImages: no required key',
    { given: { schema: 'AppImages', at: 'required' }, want: undefined },
  ],
  [
    'images key url_128x128 is a thumbnail URL string',
    { given: { schema: 'AppImages', at: 'properties.url_128x128.type' }, want: 'string' },
  ],
  [
    'images key url_64x64 is a thumbnail URL string',
    { given: { schema: 'AppImages', at: 'properties.url_64x64.type' }, want: 'string' },
  ],
  [
    'images key url_32x32 is a thumbnail URL string',
    { given: { schema: 'AppImages', at: 'properties.url_32x32.type' }, want: 'string' },
  ],
  [
    'images key url_16x16 is a thumbnail URL string',
    { given: { schema: 'AppImages', at: 'properties.url_16x16.type' }, want: 'string' },
  ],
  [
    'images has exactly the four documented keys',
    {
      given: { schema: 'AppImages', at: 'properties' },
      want: ['url_128x128', 'url_16x16', 'url_32x32', 'url_64x64'],
    },
  ],
  [
    'App.slug is a string',
    { given: { schema: 'App', at: 'properties.slug.type' }, want: 'string' },
  ],
  [
    'App.slug is a URL-friendly ID',
    { given: { schema: 'App', at: 'properties.slug.description' }, want: /URL-friendly ID/ },
  ],
  [
    'App.categories is an array',
    { given: { schema: 'App', at: 'properties.categories.type' }, want: 'array' },
  ],
  [
    'App.categories items are objects (AppCategory)',
    { given: { schema: 'App', at: 'properties.categories.items.$ref' }, want: ref('AppCategory') },
  ],
  [
    'each category has a `slug` string',
    { given: { schema: 'AppCategory', at: 'properties.slug.type' }, want: 'string' },
  ],
  [
    'AppCategory is an open object with no required key',
    { given: { schema: 'AppCategory', at: 'required' }, want: undefined },
  ],
  [
    'facts: apps may carry `uuid` (optional string)',
    { given: { schema: 'App', at: 'properties.uuid.type' }, want: 'string' },
  ],
  [
    'facts: App.uuid is described as coming from public documentation',
    { given: { schema: 'App', at: 'properties.uuid.description' }, want: fromFacts },
  ],
];

/** "An app object nested in a step (automation or template)". */
const stepApp: Fact[] = [
  [
    'a nested app additionally shows `id` (number)',
    { given: { schema: 'StepApp', at: 'properties.id.type' }, want: 'number' },
  ],
  [
    'a nested app additionally shows `api` (string)',
    { given: { schema: 'StepApp', at: 'properties.api.type' }, want: 'string' },
  ],
  [
    'a nested app additionally shows `hex_color` (string)',
    { given: { schema: 'StepApp', at: 'properties.hex_color.type' }, want: 'string' },
  ],
  [
    '`links` is absent in a nested app',
    { given: { schema: 'StepApp', at: 'properties.links' }, want: undefined },
  ],
  [
    '`categories` is absent in a nested app',
    { given: { schema: 'StepApp', at: 'properties.categories' }, want: undefined },
  ],
  [
    'a nested app keeps App.description (string)',
    { given: { schema: 'StepApp', at: 'properties.description.type' }, want: 'string' },
  ],
  [
    'a nested app keeps App.title (string)',
    { given: { schema: 'StepApp', at: 'properties.title.type' }, want: 'string' },
  ],
  [
    'a nested app keeps App.url (string)',
    { given: { schema: 'StepApp', at: 'properties.url.type' }, want: 'string' },
  ],
  [
    'a nested app keeps App.image (string)',
    { given: { schema: 'StepApp', at: 'properties.image.type' }, want: 'string' },
  ],
  [
    'a nested app keeps App.images (AppImages)',
    { given: { schema: 'StepApp', at: 'properties.images.$ref' }, want: ref('AppImages') },
  ],
  [
    'a nested app keeps App.slug (string)',
    { given: { schema: 'StepApp', at: 'properties.slug.type' }, want: 'string' },
  ],
  [
    'facts: a nested app may carry `uuid`',
    { given: { schema: 'StepApp', at: 'properties.uuid.description' }, want: fromFacts },
  ],
  ['StepApp: no required field', { given: { schema: 'StepApp', at: 'required' }, want: undefined }],
  [
    'StepApp is an open object',
    { given: { schema: 'StepApp', at: 'additionalProperties' }, want: true },
  ],
];

/** "Zap (automation)" and "Zap Step". */
const zap: Fact[] = [
  ['Zap is an object', { given: { schema: 'Zap', at: 'type' }, want: 'object' }],
  ['Zap: no required field', { given: { schema: 'Zap', at: 'required' }, want: undefined }],
  ['Zap is an open object', { given: { schema: 'Zap', at: 'additionalProperties' }, want: true }],
  ['Zap.id is a number', { given: { schema: 'Zap', at: 'properties.id.type' }, want: 'number' }],
  [
    'Zap.modified_at is a date-time (string)',
    { given: { schema: 'Zap', at: 'properties.modified_at.type' }, want: 'string' },
  ],
  [
    'Zap.modified_at is a date-time (format)',
    { given: { schema: 'Zap', at: 'properties.modified_at.format' }, want: 'date-time' },
  ],
  [
    'Zap.modified_at is ISO 8601 with UTC offset',
    {
      given: { schema: 'Zap', at: 'properties.modified_at.description' },
      want: /ISO 8601 with UTC offset/,
    },
  ],
  [
    'Zap.state is a string',
    { given: { schema: 'Zap', at: 'properties.state.type' }, want: 'string' },
  ],
  [
    'Zap.state is one of on, off, draft',
    { given: { schema: 'Zap', at: 'properties.state.enum' }, want: ['on', 'off', 'draft'] },
  ],
  [
    'transitions of Zap state: not shown',
    {
      given: { schema: 'Zap', at: 'properties.state.description' },
      want: /transitions are not shown in the document/,
    },
  ],
  [
    'Zap.steps is an array',
    { given: { schema: 'Zap', at: 'properties.steps.type' }, want: 'array' },
  ],
  [
    'Zap.steps items are Zap Steps',
    { given: { schema: 'Zap', at: 'properties.steps.items.$ref' }, want: ref('ZapStep') },
  ],
  [
    'Zap.title is string|null',
    { given: { schema: 'Zap', at: 'properties.title.type' }, want: ['string', 'null'] },
  ],
  [
    'Zap.title is null when the Zap has no name',
    {
      given: { schema: 'Zap', at: 'properties.title.description' },
      want: /null when the Zap has no name/,
    },
  ],
  ['Zap.url is a string', { given: { schema: 'Zap', at: 'properties.url.type' }, want: 'string' }],
  [
    'Zap.url is an absolute URL to edit the Zap',
    {
      given: { schema: 'Zap', at: 'properties.url.description' },
      want: /Absolute URL to edit the Zap/,
    },
  ],
  ['ZapStep: no required field', { given: { schema: 'ZapStep', at: 'required' }, want: undefined }],
  [
    'ZapStep is an open object',
    { given: { schema: 'ZapStep', at: 'additionalProperties' }, want: true },
  ],
  [
    'ZapStep.type_of is a string',
    { given: { schema: 'ZapStep', at: 'properties.type_of.type' }, want: 'string' },
  ],
  [
    'ZapStep.type_of is one of read, write, filter, search, search_or_write',
    {
      given: { schema: 'ZapStep', at: 'properties.type_of.enum' },
      want: ['read', 'write', 'filter', 'search', 'search_or_write'],
    },
  ],
  [
    'ZapStep.app is the app of the step, shaped as a nested app',
    { given: { schema: 'ZapStep', at: 'properties.app.$ref' }, want: ref('StepApp') },
  ],
  [
    'ZapStep.app is described as the app of the step',
    { given: { schema: 'ZapStep', at: 'properties.app.description' }, want: /App of the step/ },
  ],
  [
    'facts: a step may carry `params` (object)',
    { given: { schema: 'ZapStep', at: 'properties.params.type' }, want: 'object' },
  ],
  [
    'facts: step params stay open',
    { given: { schema: 'ZapStep', at: 'properties.params.additionalProperties' }, want: true },
  ],
  [
    'facts: step params are described as coming from public documentation',
    { given: { schema: 'ZapStep', at: 'properties.params.description' }, want: fromFacts },
  ],
];

/** "Zap Template". */
const zapTemplate: Fact[] = [
  ['ZapTemplate is an object', { given: { schema: 'ZapTemplate', at: 'type' }, want: 'object' }],
  [
    'ZapTemplate is an open object',
    { given: { schema: 'ZapTemplate', at: 'additionalProperties' }, want: true },
  ],
  [
    '`type` is present on every template (the only stated presence)',
    { given: { schema: 'ZapTemplate', at: 'required' }, want: ['type'] },
  ],
  [
    'ZapTemplate.id is a number',
    { given: { schema: 'ZapTemplate', at: 'properties.id.type' }, want: 'number' },
  ],
  [
    'ZapTemplate.create_url is a string',
    { given: { schema: 'ZapTemplate', at: 'properties.create_url.type' }, want: 'string' },
  ],
  [
    'ZapTemplate.create_url is the absolute URL used to create the Zap',
    {
      given: { schema: 'ZapTemplate', at: 'properties.create_url.description' },
      want: /Absolute URL used to create the Zap/,
    },
  ],
  [
    'ZapTemplate.description is a string',
    { given: { schema: 'ZapTemplate', at: 'properties.description.type' }, want: 'string' },
  ],
  [
    'ZapTemplate.description is HTML-rendered',
    {
      given: { schema: 'ZapTemplate', at: 'properties.description.description' },
      want: /HTML-rendered/,
    },
  ],
  [
    'ZapTemplate.description_plain is a string',
    { given: { schema: 'ZapTemplate', at: 'properties.description_plain.type' }, want: 'string' },
  ],
  [
    'description_plain: HTML stripped, line breaks replaced by spaces, artifacts may remain',
    {
      given: { schema: 'ZapTemplate', at: 'properties.description_plain.description' },
      want: /HTML stripped and line breaks replaced by spaces; artifacts may remain/,
    },
  ],
  [
    'ZapTemplate.description_raw is a string',
    { given: { schema: 'ZapTemplate', at: 'properties.description_raw.type' }, want: 'string' },
  ],
  [
    'ZapTemplate.description_raw is Markdown',
    {
      given: { schema: 'ZapTemplate', at: 'properties.description_raw.description' },
      want: /Markdown/,
    },
  ],
  [
    'ZapTemplate.slug is a string',
    { given: { schema: 'ZapTemplate', at: 'properties.slug.type' }, want: 'string' },
  ],
  [
    'ZapTemplate.slug is a URL-friendly ID',
    {
      given: { schema: 'ZapTemplate', at: 'properties.slug.description' },
      want: /URL-friendly ID/,
    },
  ],
  [
    'ZapTemplate.steps is an array',
    { given: { schema: 'ZapTemplate', at: 'properties.steps.type' }, want: 'array' },
  ],
  [
    'ZapTemplate.steps has two or more steps',
    { given: { schema: 'ZapTemplate', at: 'properties.steps.minItems' }, want: 2 },
  ],
  [
    'ZapTemplate.steps items are template steps',
    {
      given: { schema: 'ZapTemplate', at: 'properties.steps.items.$ref' },
      want: ref('ZapTemplateStep'),
    },
  ],
  [
    'a template step is an app-like object (the nested app)',
    { given: { schema: 'ZapTemplateStep', at: 'allOf.0.$ref' }, want: ref('StepApp') },
  ],
  [
    'a template step has description (string)',
    { given: { schema: 'ZapTemplateStep', at: 'properties.description.type' }, want: 'string' },
  ],
  [
    'a template step has title (string)',
    { given: { schema: 'ZapTemplateStep', at: 'properties.title.type' }, want: 'string' },
  ],
  [
    'a template step has url (string)',
    { given: { schema: 'ZapTemplateStep', at: 'properties.url.type' }, want: 'string' },
  ],
  [
    'a template step has image (string)',
    { given: { schema: 'ZapTemplateStep', at: 'properties.image.type' }, want: 'string' },
  ],
  [
    'a template step has images',
    { given: { schema: 'ZapTemplateStep', at: 'properties.images.$ref' }, want: ref('AppImages') },
  ],
  [
    'a template step has api (string)',
    { given: { schema: 'ZapTemplateStep', at: 'properties.api.type' }, want: 'string' },
  ],
  [
    'a template step has slug (string)',
    { given: { schema: 'ZapTemplateStep', at: 'properties.slug.type' }, want: 'string' },
  ],
  [
    'a template step has hex_color (string)',
    { given: { schema: 'ZapTemplateStep', at: 'properties.hex_color.type' }, want: 'string' },
  ],
  [
    'a template step has id (number)',
    { given: { schema: 'ZapTemplateStep', at: 'properties.id.type' }, want: 'number' },
  ],
  [
    'facts: template steps may carry `label` (string)',
    { given: { schema: 'ZapTemplateStep', at: 'properties.label.type' }, want: 'string' },
  ],
  [
    'facts: step label is described as coming from public documentation',
    { given: { schema: 'ZapTemplateStep', at: 'properties.label.description' }, want: fromFacts },
  ],
  [
    'a template step stays open',
    { given: { schema: 'ZapTemplateStep', at: 'allOf.1.additionalProperties' }, want: true },
  ],
  [
    'ZapTemplate.title is a string',
    { given: { schema: 'ZapTemplate', at: 'properties.title.type' }, want: 'string' },
  ],
  [
    'ZapTemplate.status is a string',
    { given: { schema: 'ZapTemplate', at: 'properties.status.type' }, want: 'string' },
  ],
  [
    'ZapTemplate.status is draft or published',
    {
      given: { schema: 'ZapTemplate', at: 'properties.status.enum' },
      want: ['draft', 'published'],
    },
  ],
  [
    'transitions of Zap Template status: not shown',
    {
      given: { schema: 'ZapTemplate', at: 'properties.status.description' },
      want: /transitions are not shown in the document/,
    },
  ],
  [
    'ZapTemplate.url is a string',
    { given: { schema: 'ZapTemplate', at: 'properties.url.type' }, want: 'string' },
  ],
  [
    'ZapTemplate.url is the absolute URL of the template page',
    {
      given: { schema: 'ZapTemplate', at: 'properties.url.description' },
      want: /Absolute URL of the template page/,
    },
  ],
  [
    'ZapTemplate.type is a string',
    { given: { schema: 'ZapTemplate', at: 'properties.type.type' }, want: 'string' },
  ],
  [
    'ZapTemplate.type: allowed values not shown (no enum)',
    { given: { schema: 'ZapTemplate', at: 'properties.type.enum' }, want: undefined },
  ],
  [
    'ZapTemplate.type: facts saw `guided_zap`',
    {
      given: { schema: 'ZapTemplate', at: 'properties.type.description' },
      want: /from public documentation: seen as `guided_zap`/,
    },
  ],
];

/** "Paged list of apps". */
const appList: Fact[] = [
  ['AppList is an object', { given: { schema: 'AppList', at: 'type' }, want: 'object' }],
  ['AppList: no required field', { given: { schema: 'AppList', at: 'required' }, want: undefined }],
  [
    'AppList is an open object',
    { given: { schema: 'AppList', at: 'additionalProperties' }, want: true },
  ],
  [
    'AppList.objects is an array',
    { given: { schema: 'AppList', at: 'properties.objects.type' }, want: 'array' },
  ],
  [
    'AppList.objects items are Apps',
    { given: { schema: 'AppList', at: 'properties.objects.items.$ref' }, want: ref('App') },
  ],
  [
    'AppList.page is an integer',
    { given: { schema: 'AppList', at: 'properties.page.type' }, want: 'integer' },
  ],
  [
    'AppList.page is the current page, starting at 1',
    {
      given: { schema: 'AppList', at: 'properties.page.description' },
      want: /Current page, starting at 1/,
    },
  ],
  [
    'AppList.per_page is an integer',
    { given: { schema: 'AppList', at: 'properties.per_page.type' }, want: 'integer' },
  ],
  [
    'AppList.total is an integer',
    { given: { schema: 'AppList', at: 'properties.total.type' }, want: 'integer' },
  ],
  [
    'AppList.total is the total number of apps',
    {
      given: { schema: 'AppList', at: 'properties.total.description' },
      want: /Total number of apps/,
    },
  ],
  [
    'AppList.pages is an integer',
    { given: { schema: 'AppList', at: 'properties.pages.type' }, want: 'integer' },
  ],
  [
    'AppList.pages is the total number of pages',
    {
      given: { schema: 'AppList', at: 'properties.pages.description' },
      want: /Total number of pages/,
    },
  ],
  [
    'AppList.prev_url is a string',
    { given: { schema: 'AppList', at: 'properties.prev_url.type' }, want: 'string' },
  ],
  [
    'AppList.prev_url is the URL of the previous page',
    {
      given: { schema: 'AppList', at: 'properties.prev_url.description' },
      want: /URL of the previous page/,
    },
  ],
  [
    'AppList.next_url is a string',
    { given: { schema: 'AppList', at: 'properties.next_url.type' }, want: 'string' },
  ],
  [
    'AppList.next_url is the URL of the next page',
    {
      given: { schema: 'AppList', at: 'properties.next_url.description' },
      want: /URL of the next page/,
    },
  ],
];

/** "Endpoints" (common facts and `GET /v1/apps`), with the "Limits" table. */
const listApps: Fact[] = [
  [
    'GET /v1/apps is operation listApps',
    { given: { operation: apps, at: 'operationId' }, want: 'listApps' },
  ],
  ['GET /v1/apps is tagged Apps', { given: { operation: apps, at: 'tags' }, want: ['Apps'] }],
  [
    'GET /v1/apps is protected by client ID',
    { given: { operation: apps, at: 'security' }, want: [{ ClientId: [] }] },
  ],
  [
    'GET /v1/apps: per_page is optional',
    { given: { parameter: `${apps} query per_page`, at: 'required' }, want: false },
  ],
  [
    'GET /v1/apps: per_page is an integer',
    { given: { parameter: `${apps} query per_page`, at: 'schema.type' }, want: 'integer' },
  ],
  [
    'GET /v1/apps: per_page default 100',
    { given: { parameter: `${apps} query per_page`, at: 'schema.default' }, want: 100 },
  ],
  [
    'GET /v1/apps: per_page maximum 100',
    { given: { parameter: `${apps} query per_page`, at: 'schema.maximum' }, want: 100 },
  ],
  [
    'GET /v1/apps: per_page minimum 1 (a page has at least one app)',
    { given: { parameter: `${apps} query per_page`, at: 'schema.minimum' }, want: 1 },
  ],
  [
    'GET /v1/apps: per_page is not deprecated',
    { given: { parameter: `${apps} query per_page`, at: 'deprecated' }, want: undefined },
  ],
  [
    'GET /v1/apps: page is optional',
    { given: { parameter: `${apps} query page`, at: 'required' }, want: false },
  ],
  [
    'GET /v1/apps: page is an integer',
    { given: { parameter: `${apps} query page`, at: 'schema.type' }, want: 'integer' },
  ],
  [
    'GET /v1/apps: page default 1',
    { given: { parameter: `${apps} query page`, at: 'schema.default' }, want: 1 },
  ],
  [
    'GET /v1/apps: 1 is the first page',
    { given: { parameter: `${apps} query page`, at: 'schema.minimum' }, want: 1 },
  ],
  [
    'GET /v1/apps: page has no maximum ("none given")',
    { given: { parameter: `${apps} query page`, at: 'schema.maximum' }, want: undefined },
  ],
  [
    'GET /v1/apps: page is not deprecated',
    { given: { parameter: `${apps} query page`, at: 'deprecated' }, want: undefined },
  ],
  [
    "GET /v1/apps: the partner's own app and built-in apps are not returned",
    {
      given: { operation: apps, at: 'description' },
      want: /own app and built-in apps are not returned/,
    },
  ],
  [
    'GET /v1/apps: apps are ordered by popularity',
    { given: { operation: apps, at: 'description' }, want: /ordered by popularity/ },
  ],
  [
    'GET /v1/apps: response is the paged list of apps',
    {
      given: { operation: apps, at: 'responses.200.content.application/json.schema.$ref' },
      want: ref('AppList'),
    },
  ],
  [
    'GET /v1/apps: pages are numbered from 1 with per_page, items in objects, page count in pages, total apps in total, links in prev_url and next_url',
    {
      given: { operation: apps, at: 'x-zapgen-pagination' },
      want: {
        kind: 'page',
        pageParameter: 'page',
        sizeParameter: 'per_page',
        itemsField: 'objects',
        totalPagesField: 'pages',
        firstPage: 1,
        totalItemsField: 'total',
        nextField: 'next_url',
        previousField: 'prev_url',
      },
    },
  ],
];

/** `GET /v1/zap-templates`, and the parameters `/me` shares with it. */
const listZapTemplates: Fact[] = [templates, myTemplates].flatMap((op): Fact[] => [
  [
    `${op}: templates is optional`,
    { given: { parameter: `${op} query templates`, at: 'required' }, want: false },
  ],
  [
    `${op}: templates is a comma-separated list`,
    { given: { parameter: `${op} query templates`, at: 'schema.type' }, want: 'array' },
  ],
  [
    `${op}: templates is a list of template ids`,
    { given: { parameter: `${op} query templates`, at: 'schema.items.type' }, want: 'integer' },
  ],
  [
    `${op}: templates is sent comma-separated (style form)`,
    { given: { parameter: `${op} query templates`, at: 'style' }, want: 'form' },
  ],
  [
    `${op}: templates is sent comma-separated (explode false)`,
    { given: { parameter: `${op} query templates`, at: 'explode' }, want: false },
  ],
  [
    `${op}: templates are not stated unique`,
    { given: { parameter: `${op} query templates`, at: 'schema.uniqueItems' }, want: undefined },
  ],
  [
    `${op}: apps is optional`,
    { given: { parameter: `${op} query apps`, at: 'required' }, want: false },
  ],
  [
    `${op}: apps is a comma-separated list`,
    { given: { parameter: `${op} query apps`, at: 'schema.type' }, want: 'array' },
  ],
  [
    `${op}: apps is a list of app slugs`,
    { given: { parameter: `${op} query apps`, at: 'schema.items.type' }, want: 'string' },
  ],
  [
    `${op}: apps is sent comma-separated (style form)`,
    { given: { parameter: `${op} query apps`, at: 'style' }, want: 'form' },
  ],
  [
    `${op}: apps is sent comma-separated (explode false)`,
    { given: { parameter: `${op} query apps`, at: 'explode' }, want: false },
  ],
  [
    `${op}: apps are not stated unique`,
    { given: { parameter: `${op} query apps`, at: 'schema.uniqueItems' }, want: undefined },
  ],
  [
    `${op}: the partner's own app is always one of the apps`,
    {
      given: { parameter: `${op} query apps`, at: 'description' },
      want: /own app is always one of them/,
    },
  ],
  [
    `${op}: limit is optional`,
    { given: { parameter: `${op} query limit`, at: 'required' }, want: false },
  ],
  [
    `${op}: limit is an integer`,
    { given: { parameter: `${op} query limit`, at: 'schema.type' }, want: 'integer' },
  ],
  [
    `${op}: limit default 5`,
    { given: { parameter: `${op} query limit`, at: 'schema.default' }, want: 5 },
  ],
  [
    `${op}: limit maximum 100`,
    { given: { parameter: `${op} query limit`, at: 'schema.maximum' }, want: 100 },
  ],
  [
    `${op}: limit minimum 1`,
    { given: { parameter: `${op} query limit`, at: 'schema.minimum' }, want: 1 },
  ],
  [
    `${op}: offset is optional`,
    { given: { parameter: `${op} query offset`, at: 'required' }, want: false },
  ],
  [
    `${op}: offset is an integer`,
    { given: { parameter: `${op} query offset`, at: 'schema.type' }, want: 'integer' },
  ],
  [
    `${op}: offset default 0`,
    { given: { parameter: `${op} query offset`, at: 'schema.default' }, want: 0 },
  ],
  [
    `${op}: offset minimum 0 (number of templates skipped)`,
    { given: { parameter: `${op} query offset`, at: 'schema.minimum' }, want: 0 },
  ],
  [
    `${op}: offset has no maximum ("none given")`,
    { given: { parameter: `${op} query offset`, at: 'schema.maximum' }, want: undefined },
  ],
  [
    `${op}: offset is the number of templates skipped`,
    {
      given: { parameter: `${op} query offset`, at: 'description' },
      want: /Number of templates skipped/,
    },
  ],
  [
    `${op}: response is an array of Zap Template`,
    {
      given: { operation: op, at: 'responses.200.content.application/json.schema.items.$ref' },
      want: ref('ZapTemplate'),
    },
  ],
  [
    `${op}: response is an array`,
    {
      given: { operation: op, at: 'responses.200.content.application/json.schema.type' },
      want: 'array',
    },
  ],
  [
    `${op}: paging uses limit and offset; the body is the array`,
    {
      given: { operation: op, at: 'x-zapgen-pagination' },
      want: { kind: 'offset', offsetParameter: 'offset', limitParameter: 'limit', itemsField: '' },
    },
  ],
  [
    `${op} is tagged Zap Templates`,
    { given: { operation: op, at: 'tags' }, want: ['Zap Templates'] },
  ],
]);

const zapTemplateOperations: Fact[] = [
  [
    'GET /v1/zap-templates is operation listZapTemplates',
    { given: { operation: templates, at: 'operationId' }, want: 'listZapTemplates' },
  ],
  [
    'GET /v1/zap-templates is protected by client ID',
    { given: { operation: templates, at: 'security' }, want: [{ ClientId: [] }] },
  ],
  [
    'GET /v1/zap-templates: with no parameters the first 5 templates are returned',
    {
      given: { operation: templates, at: 'description' },
      want: /with no\s+parameters the first 5 templates are returned/,
    },
  ],
  [
    'GET /v1/zap-templates/me is operation listMyZapTemplates',
    { given: { operation: myTemplates, at: 'operationId' }, want: 'listMyZapTemplates' },
  ],
  [
    'GET /v1/zap-templates/me is protected by client ID AND an access token with scope templates',
    {
      given: { operation: myTemplates, at: 'security' },
      want: [{ ClientId: [], PartnerOAuth: ['templates'] }],
    },
  ],
  [
    'GET /v1/zap-templates/me returns the templates the user added (published or draft)',
    {
      given: { operation: myTemplates, at: 'description' },
      want: /templates that the user added, published or draft/,
    },
  ],
  [
    "GET /v1/zap-templates/me: only templates that include the partner's app in a step are visible",
    {
      given: { operation: myTemplates, at: 'description' },
      want: /Only templates that include\s+the partner's app in a step are visible/,
    },
  ],
  [
    'GET /v1/zap-templates/me: status is optional',
    { given: { parameter: `${myTemplates} query status`, at: 'required' }, want: false },
  ],
  [
    'GET /v1/zap-templates/me: status is a string',
    { given: { parameter: `${myTemplates} query status`, at: 'schema.type' }, want: 'string' },
  ],
  [
    'GET /v1/zap-templates/me: status default published',
    {
      given: { parameter: `${myTemplates} query status`, at: 'schema.default' },
      want: 'published',
    },
  ],
  [
    'GET /v1/zap-templates/me: status values draft and published',
    {
      given: { parameter: `${myTemplates} query status`, at: 'schema.enum' },
      want: ['draft', 'published'],
    },
  ],
];

/** `GET /v1/zaps`, with the facts' paging. */
const listZaps: Fact[] = [
  [
    'GET /v1/zaps is operation listZaps',
    { given: { operation: zaps, at: 'operationId' }, want: 'listZaps' },
  ],
  ['GET /v1/zaps is tagged Zaps', { given: { operation: zaps, at: 'tags' }, want: ['Zaps'] }],
  [
    'GET /v1/zaps is protected by an access token with scope zap',
    { given: { operation: zaps, at: 'security' }, want: [{ PartnerOAuth: ['zap'] }] },
  ],
  [
    "GET /v1/zaps returns only the user's Zaps that contain the partner's app in a step",
    {
      given: { operation: zaps, at: 'description' },
      want: /only the user's Zaps that contain the partner's app in a step/,
    },
  ],
  [
    'GET /v1/zaps: for apps built with the command-line tool, Zaps of any version are returned',
    {
      given: { operation: zaps, at: 'description' },
      want: /command-line tool, Zaps of any version of the app are returned/,
    },
  ],
  [
    'GET /v1/zaps: params__{KEY}={VALUE} is optional',
    { given: { parameter: `${zaps} query params`, at: 'required' }, want: false },
  ],
  [
    'GET /v1/zaps: params__{KEY}={VALUE} is a map of key to value',
    { given: { parameter: `${zaps} query params`, at: 'schema.type' }, want: 'object' },
  ],
  [
    'GET /v1/zaps: params__ values are strings',
    {
      given: { parameter: `${zaps} query params`, at: 'schema.additionalProperties' },
      want: { type: 'string' },
    },
  ],
  [
    'GET /v1/zaps: each key is its own query parameter (style form)',
    { given: { parameter: `${zaps} query params`, at: 'style' }, want: 'form' },
  ],
  [
    'GET /v1/zaps: each key is its own query parameter (explode true)',
    { given: { parameter: `${zaps} query params`, at: 'explode' }, want: true },
  ],
  [
    'GET /v1/zaps: each key is sent as params__{KEY}',
    { given: { parameter: `${zaps} query params`, at: 'x-zapgen-key-prefix' }, want: 'params__' },
  ],
  [
    'GET /v1/zaps: params__ returns Zaps whose settings contain that key and value',
    {
      given: { parameter: `${zaps} query params`, at: 'description' },
      want: /settings contain that key and\s+value/,
    },
  ],
  [
    'GET /v1/zaps: the `app` parameter is a string',
    { given: { parameter: `${zaps} query app`, at: 'schema.type' }, want: 'string' },
  ],
  [
    'GET /v1/zaps: the `app` parameter is optional on its own',
    { given: { parameter: `${zaps} query app`, at: 'required' }, want: false },
  ],
  [
    'GET /v1/zaps: with params__ the `app` parameter must be included as well',
    {
      given: { operation: zaps, at: 'x-zapgen-rules' },
      want: [
        {
          kind: 'requiredWith',
          if: { in: 'query', name: 'params' },
          then: [{ in: 'query', name: 'app' }],
          description: 'The `app` parameter must be included with `params__{KEY}={VALUE}` filters.',
        },
      ],
    },
  ],
  [
    'facts: GET /v1/zaps takes limit (integer)',
    { given: { parameter: `${zaps} query limit`, at: 'schema.type' }, want: 'integer' },
  ],
  [
    'facts: GET /v1/zaps limit default 5',
    { given: { parameter: `${zaps} query limit`, at: 'schema.default' }, want: 5 },
  ],
  [
    'facts: GET /v1/zaps limit max 100',
    { given: { parameter: `${zaps} query limit`, at: 'schema.maximum' }, want: 100 },
  ],
  [
    'facts: GET /v1/zaps limit minimum 1',
    { given: { parameter: `${zaps} query limit`, at: 'schema.minimum' }, want: 1 },
  ],
  [
    'facts: GET /v1/zaps limit is optional',
    { given: { parameter: `${zaps} query limit`, at: 'required' }, want: false },
  ],
  [
    'facts: GET /v1/zaps limit is described as public documentation',
    { given: { parameter: `${zaps} query limit`, at: 'description' }, want: fromFacts },
  ],
  [
    'facts: GET /v1/zaps takes offset (integer)',
    { given: { parameter: `${zaps} query offset`, at: 'schema.type' }, want: 'integer' },
  ],
  [
    'facts: GET /v1/zaps offset default 0',
    { given: { parameter: `${zaps} query offset`, at: 'schema.default' }, want: 0 },
  ],
  [
    'facts: GET /v1/zaps offset minimum 0',
    { given: { parameter: `${zaps} query offset`, at: 'schema.minimum' }, want: 0 },
  ],
  [
    'facts: GET /v1/zaps offset is optional',
    { given: { parameter: `${zaps} query offset`, at: 'required' }, want: false },
  ],
  [
    'facts: GET /v1/zaps offset is described as public documentation',
    { given: { parameter: `${zaps} query offset`, at: 'description' }, want: fromFacts },
  ],
  [
    'GET /v1/zaps: response is an object with `objects`',
    {
      given: { operation: zaps, at: 'responses.200.content.application/json.schema.$ref' },
      want: ref('ZapList'),
    },
  ],
  [
    'ZapList is an open object',
    { given: { schema: 'ZapList', at: 'additionalProperties' }, want: true },
  ],
  ['ZapList: no required field', { given: { schema: 'ZapList', at: 'required' }, want: undefined }],
  [
    'ZapList.objects is an array',
    { given: { schema: 'ZapList', at: 'properties.objects.type' }, want: 'array' },
  ],
  [
    'ZapList.objects items are Zaps',
    { given: { schema: 'ZapList', at: 'properties.objects.items.$ref' }, want: ref('Zap') },
  ],
  [
    'facts: ZapList.count (integer)',
    { given: { schema: 'ZapList', at: 'properties.count.type' }, want: 'integer' },
  ],
  [
    'facts: ZapList.count described as public documentation',
    { given: { schema: 'ZapList', at: 'properties.count.description' }, want: fromFacts },
  ],
  [
    'facts: ZapList.next (URL or null)',
    { given: { schema: 'ZapList', at: 'properties.next.type' }, want: ['string', 'null'] },
  ],
  [
    'facts: ZapList.next described as public documentation',
    { given: { schema: 'ZapList', at: 'properties.next.description' }, want: fromFacts },
  ],
  [
    'facts: ZapList.previous (URL or null)',
    { given: { schema: 'ZapList', at: 'properties.previous.type' }, want: ['string', 'null'] },
  ],
  [
    'facts: ZapList.previous described as public documentation',
    { given: { schema: 'ZapList', at: 'properties.previous.description' }, want: fromFacts },
  ],
  [
    'facts: GET /v1/zaps pages with limit and offset until `next` is empty; previous and count',
    {
      given: { operation: zaps, at: 'x-zapgen-pagination' },
      want: {
        kind: 'offset',
        offsetParameter: 'offset',
        limitParameter: 'limit',
        itemsField: 'objects',
        nextField: 'next',
        previousField: 'previous',
        totalItemsField: 'count',
      },
    },
  ],
];

/** "Authentication". */
const authentication: Fact[] = [
  [
    "the application's client_id is sent as a query parameter (apiKey)",
    { given: { document: 'components.securitySchemes.ClientId.type' }, want: 'apiKey' },
  ],
  [
    'client_id is sent in the query',
    { given: { document: 'components.securitySchemes.ClientId.in' }, want: 'query' },
  ],
  [
    'client_id is sent as `client_id`',
    { given: { document: 'components.securitySchemes.ClientId.name' }, want: 'client_id' },
  ],
  [
    "a user's access token is an OAuth 2.0 token",
    { given: { document: 'components.securitySchemes.PartnerOAuth.type' }, want: 'oauth2' },
  ],
  [
    'only the implicit grant type is permitted',
    { given: { document: 'components.securitySchemes.PartnerOAuth.flows' }, want: ['implicit'] },
  ],
  [
    'the user is redirected to {auth_url}/oauth/authorize (facts: https://zapier.com/oauth/authorize)',
    {
      given: {
        document: 'components.securitySchemes.PartnerOAuth.flows.implicit.authorizationUrl',
      },
      want: 'https://zapier.com/oauth/authorize',
    },
  ],
  [
    'the scopes are `zap` and `templates`',
    {
      given: { document: 'components.securitySchemes.PartnerOAuth.flows.implicit.scopes' },
      want: ['templates', 'zap'],
    },
  ],
  [
    'the token is sent preferably as Authorization: Bearer',
    {
      given: { document: 'components.securitySchemes.PartnerOAuth.description' },
      want: /`Authorization: Bearer <ACCESS_TOKEN>`/,
    },
  ],
  [
    'a client secret is not used',
    {
      given: { document: 'components.securitySchemes.PartnerOAuth.description' },
      want: /no client secret is used/,
    },
  ],
  [
    'other grant types are available on request',
    {
      given: { document: 'components.securitySchemes.PartnerOAuth.description' },
      want: /other grant types are available on request/,
    },
  ],
  [
    'authorize: client_id is required, parameters are URL-encoded',
    {
      given: { document: 'components.securitySchemes.PartnerOAuth.description' },
      want: /URL-encoded query\s+parameters `client_id` \(required\)/,
    },
  ],
  [
    'authorize: redirect_uri is the URI registered at sign-up',
    {
      given: { document: 'components.securitySchemes.PartnerOAuth.description' },
      want: /`redirect_uri` \(required, the URI registered at sign-up\)/,
    },
  ],
  [
    'authorize: response_type is `token`',
    {
      given: { document: 'components.securitySchemes.PartnerOAuth.description' },
      want: /`response_type=token` \(required\)/,
    },
  ],
  [
    'authorize: scope values are separated by a space (%20)',
    {
      given: { document: 'components.securitySchemes.PartnerOAuth.description' },
      want: /separated by a space, `%20`/,
    },
  ],
  [
    'authorize: approval_prompt auto or force',
    {
      given: { document: 'components.securitySchemes.PartnerOAuth.description' },
      want: /`approval_prompt` \(optional: `auto`[^]*`force`/,
    },
  ],
  [
    'authorize: state guards against XSRF',
    {
      given: { document: 'components.securitySchemes.PartnerOAuth.description' },
      want: /`state` \(optional, a unique string that\s+guards against XSRF\)/,
    },
  ],
  [
    'approved: fragment parameters access_token, token_type (Bearer), expires_in, scope',
    {
      given: { document: 'components.securitySchemes.PartnerOAuth.description' },
      want: /URL fragment parameters\s+`access_token`, `token_type` \(`Bearer`\), `expires_in` \(seconds\) and `scope`/,
    },
  ],
  [
    'cancelled: redirect with error=access_denied',
    {
      given: { document: 'components.securitySchemes.PartnerOAuth.description' },
      want: /query\s+parameter `error=access_denied`/,
    },
  ],
  [
    'the text states the token does not expire, although expires_in is in the fragment',
    {
      given: { document: 'components.securitySchemes.PartnerOAuth.description' },
      want: /token does not expire, although `expires_in`\s+is present in the fragment/,
    },
  ],
  [
    'workaround: the redirect page POSTs the token to the partner backend (or a window message)',
    {
      given: { document: 'components.securitySchemes.PartnerOAuth.description' },
      want: /POSTs it to the partner backend \(or passes it to the opener window with a window message/,
    },
  ],
  [
    'there are no refresh tokens',
    {
      given: { document: 'components.securitySchemes.PartnerOAuth.description' },
      want: /There are no refresh tokens/,
    },
  ],
  [
    'an invalid token means running the flow again, e.g. in a hidden frame with approval_prompt=auto',
    {
      given: { document: 'components.securitySchemes.PartnerOAuth.description' },
      want: /hidden frame with `approval_prompt=auto`/,
    },
  ],
  [
    'facts: a missing client_id is answered with 401',
    {
      given: { document: 'components.securitySchemes.ClientId.description' },
      want: /From public documentation: a missing\s+`client_id` is answered with 401/,
    },
  ],
];

/** "Errors" of the document and the facts' statuses, bodies and rate limit. */
const errors: Fact[] = [
  [
    'facts: error bodies are objects',
    { given: { schema: 'ErrorResponse', at: 'type' }, want: 'object' },
  ],
  [
    'facts: error bodies stay open',
    { given: { schema: 'ErrorResponse', at: 'additionalProperties' }, want: true },
  ],
  [
    'facts: error bodies carry `errors`, an array',
    { given: { schema: 'ErrorResponse', at: 'properties.errors.type' }, want: 'array' },
  ],
  [
    'facts: `errors` holds strings',
    { given: { schema: 'ErrorResponse', at: 'properties.errors.items.type' }, want: 'string' },
  ],
  [
    'facts: `errors` is optional',
    { given: { schema: 'ErrorResponse', at: 'required' }, want: undefined },
  ],
  [
    'facts: `errors` is described as public documentation',
    { given: { schema: 'ErrorResponse', at: 'properties.errors.description' }, want: fromFacts },
  ],
  [
    'error bodies are not shown by the document',
    { given: { schema: 'ErrorResponse', at: 'description' }, want: /does not show error bodies/ },
  ],
  [
    'facts: 401 for a missing client_id',
    {
      given: { document: 'components.responses.Unauthorized.description' },
      want: /missing\s+`client_id`/,
    },
  ],
  [
    'an invalid or expired access token sends the user through the authorization flow again',
    {
      given: { document: 'components.responses.Unauthorized.description' },
      want: /invalid or expired access token means the user is sent through the\s+authorization flow again/,
    },
  ],
  [
    'facts: rate limit 9,000 requests an hour per endpoint (429)',
    {
      given: { document: 'components.responses.TooManyRequests.description' },
      want: /9,000 requests an hour\s+per endpoint/,
    },
  ],
  [
    'facts: error body example {"errors": ["Malformed request"]} (400)',
    {
      given: { document: 'components.responses.BadRequest.description' },
      want: /\{"errors": \["Malformed request"\]\}/,
    },
  ],
  ...endpoints.flatMap((op): Fact[] =>
    (
      [
        ['400', 'BadRequest'],
        ['401', 'Unauthorized'],
        ['403', 'Forbidden'],
        ['404', 'NotFound'],
        ['429', 'TooManyRequests'],
        ['5XX', 'ServerError'],
      ] as const
    ).map(([status, name]): Fact => [
      `facts: ${op} answers ${status} with an error body`,
      {
        given: { operation: op, at: `responses.${status}.$ref` },
        want: `#/components/responses/${name}`,
      },
    ]),
  ),
  ...['BadRequest', 'Unauthorized', 'Forbidden', 'NotFound', 'TooManyRequests', 'ServerError'].map(
    (name): Fact => [
      `facts: ${name} carries the error body`,
      {
        given: { document: `components.responses.${name}.content.application/json.schema.$ref` },
        want: ref('ErrorResponse'),
      },
    ],
  ),
];

/** Facts that hold for every endpoint ("All three list operations are GET and return JSON"). */
const everyEndpoint: Fact[] = endpoints.flatMap((op): Fact[] => [
  [
    `${op} returns JSON`,
    { given: { operation: op, at: 'responses.200.content' }, want: ['application/json'] },
  ],
  [`${op} has a summary`, { given: { operation: op, at: 'summary' }, want: /\S/ }],
  [`${op} has a description`, { given: { operation: op, at: 'description' }, want: /\S/ }],
  [`${op} is not deprecated`, { given: { operation: op, at: 'deprecated' }, want: undefined }],
]);

const tables: [string, Fact[]][] = [
  ['the service', service],
  ['App', app],
  ['the app nested in a step', stepApp],
  ['Zap and Zap Step', zap],
  ['Zap Template', zapTemplate],
  ['the paged list of apps', appList],
  ['GET /v1/apps', listApps],
  ['GET /v1/zap-templates and /me', [...zapTemplateOperations, ...listZapTemplates]],
  ['GET /v1/zaps', listZaps],
  ['every endpoint', everyEndpoint],
  ['authentication', authentication],
  ['errors and limits', errors],
];

/** Compares: a RegExp matches a string; an array want on an object compares its sorted keys. */
function check(got: unknown, want: unknown): void {
  if (want instanceof RegExp) {
    expect(got).toEqual(expect.any(String));
    expect(got).toMatch(want);
  } else if (
    Array.isArray(want) &&
    got !== null &&
    typeof got === 'object' &&
    !Array.isArray(got)
  ) {
    expect(Object.keys(got).sort()).toEqual(want);
  } else {
    expect(got).toEqual(want);
  }
}

describe('partner-v1 spec covers the document', () => {
  for (const [section, rows] of tables) {
    describe(section, () => {
      it.each(rows)('%s', (_fact, { given, want }) => {
        check(resolve(document, given), want);
      });
    });
  }
});

describe('partner-v1 spec has exactly the document endpoints', () => {
  it('has the four operations of the document', () => {
    expect(operationKeys(document)).toHaveLength(4);
  });

  it('has exactly the METHOD path pairs the document lists', () => {
    expect(operationKeys(document)).toEqual([...endpoints].sort());
  });

  it.each([
    [apps, { want: ['query page', 'query per_page'] }],
    [templates, { want: ['query apps', 'query limit', 'query offset', 'query templates'] }],
    [
      myTemplates,
      { want: ['query apps', 'query limit', 'query offset', 'query status', 'query templates'] },
    ],
    [zaps, { want: ['query app', 'query limit', 'query offset', 'query params'] }],
  ])(
    '%s has exactly the documented parameters (client_id is the ClientId scheme)',
    (op, { want }) => {
      expect(parameterKeys(document, op)).toEqual(want);
    },
  );

  it('has unique operationIds', () => {
    const ids = endpoints.map((op) => resolve(document, { operation: op, at: 'operationId' }));
    expect(new Set(ids).size).toBe(endpoints.length);
  });
});

describe('partner-v1 spec states nothing the document does not', () => {
  it('requires only ZapTemplate.type, the one field the document says is always present', () => {
    expect(requiredEntries(document)).toEqual(['#/components/schemas/ZapTemplate.type']);
  });

  it('reaches every component schema from a path', () => {
    expect([...reachableSchemas(document)].sort()).toEqual(
      Object.keys(document.components.schemas).sort(),
    );
  });

  it('declares every tag an operation uses', () => {
    const declared = (document.tags as { name: string }[]).map((tag) => tag.name);
    const used = endpoints.flatMap(
      (op) => operation(document, 'get', op.split(' ')[1] ?? '').tags as string[],
    );
    expect([...new Set(used)].sort()).toEqual([...declared].sort());
  });

  it.each(Object.keys(document.components.schemas as object))(
    'describes component schema %s and each of its properties',
    (name) => {
      const schema = componentSchema(document, name);
      expect(schema.description).toEqual(expect.any(String));
      expect(undescribedProperties(schema, `#/components/schemas/${name}`)).toEqual([]);
    },
  );

  it('refers only inside the document (#/components/...)', () => {
    const refs: string[] = [];
    JSON.stringify(document, (key, value: unknown) => {
      if (key === '$ref') refs.push(value as string);
      return value;
    });
    expect(refs.filter((value) => !value.startsWith('#/components/'))).toEqual([]);
    expect(refs.every((value) => deref(document, { $ref: value }))).toBe(true);
  });
});
