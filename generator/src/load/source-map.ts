/**
 * Maps JSON pointers of the bundled document back to the files the user wrote. The bundle is
 * made of mounted subtrees (the entry file at the root, each inlined `$ref` target at its place):
 * a pointer is located through the longest mounted prefix.
 */
import { parsePointer, toPointer } from '../json/pointer.js';
import type { Position, SourceFile } from './source-file.js';

/** Where a node of the bundled document came from. */
export interface SourceLocation extends Position {
  file: string;
}

interface Mount {
  file: SourceFile;
  /** Pointer segments of the mounted node inside `file`. */
  segments: readonly string[];
}

/** Source positions for every pointer of a bundled document. */
export class SourceMap {
  readonly #mounts = new Map<string, Mount>();
  /** Pointers of the document as read (a converted Swagger 2.0 document) → pointers of the bundle. */
  #translate: ((segments: readonly string[]) => string[]) | undefined;

  /** From now on, pointers are translated by `translate` before they are located. */
  translateWith(translate: (segments: readonly string[]) => string[]): void {
    this.#translate = translate;
  }

  /** Records that the bundled subtree at `pointer` is the node at `segments` of `file`. */
  mount({
    pointer,
    file,
    segments,
  }: {
    pointer: string;
    file: SourceFile;
    segments: readonly string[];
  }): void {
    this.#mounts.set(pointer, { file, segments });
  }

  /** The file, line and column of the node at `pointer` (or of its deepest existing ancestor). */
  locate(pointer: string): SourceLocation {
    const [location] = this.locateMany([pointer]);
    if (!location) throw new Error(`internal: no source for ${pointer}`);
    return location;
  }

  /** `locate` for many pointers, with one pass per file. */
  locateMany(pointers: readonly string[]): SourceLocation[] {
    const byFile = new Map<SourceFile, { index: number; segments: string[] }[]>();
    pointers.forEach((pointer, index) => {
      const { file, segments } = this.#source(pointer);
      const list = byFile.get(file) ?? [];
      list.push({ index, segments });
      byFile.set(file, list);
    });
    const locations: SourceLocation[] = new Array(pointers.length);
    for (const [file, requests] of byFile) {
      const positions = file.locateMany(requests.map((request) => request.segments));
      requests.forEach((request, at) => {
        locations[request.index] = {
          file: file.displayPath,
          ...(positions[at] ?? { line: 1, column: 1 }),
        };
      });
    }
    return locations;
  }

  /** The file holding `pointer` and the node's segments inside it: through the longest mounted prefix. */
  #source(pointer: string): { file: SourceFile; segments: string[] } {
    const parsed = parsePointer(pointer);
    const segments = this.#translate ? this.#translate(parsed) : parsed;
    for (let length = segments.length; length >= 0; length -= 1) {
      const mount = this.#mounts.get(toPointer(segments.slice(0, length)));
      if (mount)
        return { file: mount.file, segments: [...mount.segments, ...segments.slice(length)] };
    }
    throw new Error(`internal: no source for ${pointer}`);
  }
}
