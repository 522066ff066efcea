import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { getDocument } from './pdfjs.ts';

const root = path.resolve(import.meta.dirname, '../..');

/** The repository's source files (not node_modules), relative to its root. */
function sources(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = path.posix.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : sources(rel);
    return /\.(ts|mts|js|mjs)$/.test(e.name) ? [rel] : [];
  });
}

describe('pdfjs import', () => {
  it('leaves the native built-ins in place', () => {
    expect(typeof getDocument).toBe('function');
    // toString from a fresh realm: this realm's own could be a polyfill that claims native code.
    const nativeToString = vm.runInNewContext('Function.prototype.toString') as (this: unknown) => string;
    for (const fn of [JSON.stringify, JSON.parse, Array.prototype.push, Function.prototype.toString]) {
      expect(nativeToString.call(fn)).toContain('[native code]');
    }
  });

  it('is the only way pdfjs is loaded, tests included', () => {
    // Loaded anywhere else, pdfjs would replace the built-ins again for every module of the
    // process, and for every test file that shares the test worker with that one.
    const direct = ['src', 'test', 'bench', 'scripts']
      .flatMap(sources)
      .filter((file) => file !== 'src/document-engine/pdfjs-load.mjs')
      .filter((file) =>
        fs
          .readFileSync(path.join(root, file), 'utf8')
          .split('\n')
          // Type imports are erased: they load nothing.
          .some((line) => /(from\s+|import\(\s*)['"]pdfjs-dist\//.test(line) && !/^\s*(import|export)\s+type\b/.test(line)),
      );
    expect(direct, 'import getDocument and the rest from src/document-engine/pdfjs.ts').toEqual([]);
  });
});
