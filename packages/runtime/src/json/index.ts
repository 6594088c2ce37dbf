/** `@zapgen/runtime/json`: JSON pointers and own-property writes, free of dependencies. */
export { escapeSegment, fieldPath, parsePointer, setOwn, unescapeSegment } from './pointer.js';
