import { readFileSync } from 'node:fs';
import { buildModel } from './generator/src/model/index.js';
import { typesSource } from './generator/src/emit/typescript-types/index.js';
const doc = JSON.parse(readFileSync('.bench/api.github.com.json', 'utf8'));
let t = performance.now();
const model = buildModel(doc);
console.log('model', Math.round(performance.now() - t)); t = performance.now();
const { text, warnings } = typesSource(model);
console.log('types', Math.round(performance.now() - t), text.length, warnings.length);
