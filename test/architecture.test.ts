// The house rules of docs/architecture.md hold for the code, and the checker that CI runs
// (`npm run lint:architecture`) does catch each kind of violation.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkArchitecture } from '../scripts/check-architecture.ts';

describe('architecture', () => {
  it('the code keeps every rule', () => {
    const { violations, upward } = checkArchitecture();
    expect(violations).toEqual([]);
    expect(upward.length).toBeLessThanOrEqual(5);
  });

  describe('the checker', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'dossier-architecture-'));
    afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
    const write = (file: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      fs.writeFileSync(path.join(root, file), text);
    };
    write('src/lib/ids.ts', "import fs from 'node:fs';\nexport const newId = () => fs.existsSync('x');\n");
    write('src/db/cases.repo.ts', "import { sql } from 'kysely';\nimport { CasesService } from '../cases/cases.service.ts';\nexport const q = sql`select 1`;\n");
    write('src/entities/entities.service.ts', "import { CasesService } from '../cases/cases.service.ts';\nexport function resolve() { return CasesService; }\n");
    write('src/cases/cases.service.ts', "import { resolve } from '../entities/entities.service.ts';\nexport class CasesService { r = resolve; q(db: any) { return db.selectFrom('cases'); } }\n");
    write('src/cases/cases.routes.ts', "import type { CaseRow } from '../db/schema.ts';\nexport type R = CaseRow;\n");
    write('src/gadgets/thing.ts', 'export const x = 1;\n');
    write('src/document-engine/index.ts', "export { classify } from './classify/classify.ts';\n");
    write('src/document-engine/classify/classify.ts', 'export const classify = () => 1;\n');
    write(
      'src/reports/report.ts',
      "import { classify } from '../document-engine/classify/classify.ts';\nimport { classify as c } from '../document-engine/index.ts';\nexport const r = [classify, c];\n",
    );
    write(
      'src/completion/finalize.service.ts',
      'export class FinalizeService {\n  constructor(private readonly ctx: unknown) {}\n  run() { return new CaseScreening(this.ctx); }\n}\nclass CaseScreening { constructor(_c: unknown) {} }\n',
    );
    write('src/entities/register-lookup.ts', "import type { ServiceContext } from '../context.ts';\nconst registersOf = new WeakMap<ServiceContext, object>();\nexport const r = registersOf;\n");
    write('src/backoffice/questionnaire.routes.ts', "import type { ServiceContext } from '../context.ts';\nexport function routes(_app: unknown, deps: { ctx: ServiceContext }) { return deps; }\n");
    write('src/screening/screening.jobs.ts', "import type { ScreeningService } from './screening.service.ts';\nexport const job = (s: ScreeningService) => s;\n");
    write('src/screening/screening.service.ts', "import { job } from './screening.jobs.ts';\nexport class ScreeningService { j = job; }\n");
    write('src/services.ts', 'export function build(ctx: unknown) { return new Thing(ctx); }\nclass Thing { constructor(_c: unknown) {} }\n');
    const found = checkArchitecture(root).violations.join('\n');

    it('finds SQL outside src/db/', () => expect(found).toMatch(/src\/cases\/cases\.service\.ts: SQL or a query-builder call outside src\/db\//));
    it('finds src/db/ importing a feature', () => expect(found).toMatch(/src\/db\/cases\.repo\.ts:2: src\/db\/ imports src\/cases\/cases\.service\.ts/));
    it('finds an import that runs up the layers', () => expect(found).toMatch(/src\/entities\/entities\.service\.ts:1: imports src\/cases\/cases\.service\.ts, which stands higher/));
    it('finds a service calling a function of another service', () => expect(found).toMatch(/src\/cases\/cases\.service\.ts:1: a service imports resolve from another service/));
    it('finds a route importing the data layer, even for a type', () => expect(found).toMatch(/src\/cases\/cases\.routes\.ts:1: a route, page or view imports the data layer/));
    it('finds I/O in a pure core', () => expect(found).toMatch(/src\/lib\/ids\.ts:1: a pure core imports I\/O \(node:fs\)/));
    it('finds files that import each other, even for a type', () => expect(found).toMatch(/import cycle between files: src\/screening\/screening\.jobs\.ts -> src\/screening\/screening\.service\.ts/));
    it('finds a folder cycle', () => expect(found).toMatch(/import cycle between folders: cases -> db -> entities|import cycle between folders: cases -> entities/));
    it("finds an import past the document engine's front door, and only that one", () => {
      expect(found).toMatch(
        /src\/reports\/report\.ts:1: imports src\/document-engine\/classify\/classify\.ts, inside src\/document-engine\/; import it from its front door src\/document-engine\/index\.ts/,
      );
      expect(found).not.toMatch(/src\/reports\/report\.ts:2/);
      expect(found).not.toMatch(/src\/document-engine\/index\.ts:/);
    });
    it('finds a service built from the context outside services.ts', () => expect(found).toMatch(/src\/completion\/finalize\.service\.ts:3: builds CaseScreening from the context/));
    it('finds a hidden singleton per context', () => expect(found).toMatch(/src\/entities\/register-lookup\.ts:2: keeps a hidden singleton per context/));
    it('finds a route plugin that receives the context', () => expect(found).toMatch(/src\/backoffice\/questionnaire\.routes\.ts: a route plugin receives the services' context/));
    it('lets services.ts build services from the context', () => expect(found).not.toMatch(/src\/services\.ts/));
    it('finds a folder that no layer names', () => expect(found).toMatch(/src\/gadgets\/thing\.ts: src\/gadgets is in no layer/));
  });
});
