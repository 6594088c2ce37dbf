/** `@zapgen/runtime/json`: JSON pointers and own-property writes, free of dependencies. */
export { escapeSegment, parsePointer, setOwn, unescapeSegment } from './pointer.js';
