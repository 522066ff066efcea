// The rules the house keeps, checked from the code's own imports (docs/architecture.md explains
// them): the layers of src/ in order, the document engine entered only through its front door, no import from a lower layer to a higher one beyond the few
// listed with their reason, no cycle between folders nor between files (type imports too), SQL only in src/db/, pages never reaching
// the database, pure cores without I/O, and no service calling into another service's module.
// Run: npm run lint:architecture (CI runs it; it exits 1 on a violation). --graph prints the
// folder-level import graph.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const ROOT = path.resolve(import.meta.dirname, '..');

/**
 * The layers, bottom first. A unit is a top-level folder or file of src/. Within the feature layer
 * the order is the order features may depend on each other: each imports only those before it.
 */
export const LAYERS: { name: string; units: string[] }[] = [
  { name: 'vocabulary', units: ['lib'] },
  { name: 'configuration and data', units: ['config.ts', 'db'] },
  { name: 'platform', units: ['storage', 'jobs', 'outbound', 'http', 'context.ts', 'metrics'] },
  { name: 'engines', units: ['findings', 'document-engine', 'industry'] },
  {
    name: 'features',
    units: [
      'users',
      'clients',
      'entities',
      'scoring',
      'screening',
      'documents',
      'verifications',
      'comments',
      'delivery',
      'decisions',
      'cases',
      'reports',
      'completion',
      'conversations',
      'dialog',
      'backoffice',
    ],
  },
  { name: 'composition', units: ['services.ts', 'app.ts', 'main.ts'] },
];

/** Imports that run against the order, each with its reason (at most five may ever stand here). */
export const ALLOWED_UPWARD: { from: string; to: string; why: string }[] = [];
const MAX_UPWARD = 5;

/** Modules whose functions are pure: they may import no I/O. */
const PURE = [
  'src/lib/',
  'src/findings/',
  'src/entities/ownership/',
  'src/scoring/score.ts',
  'src/scoring/case-score.ts',
  'src/document-engine/engine.ts',
  'src/document-engine/extract/',
  'src/document-engine/rules/',
  'src/document-engine/classify/',
];
const IO_MODULES = /^(node:)?(fs|fs\/promises|net|http|https|child_process|worker_threads|dgram|tls)$|^(pg|better-sqlite3|kysely|nodemailer|sharp|tesseract\.js|pdfjs-dist.*)$/;
const IO_UNITS = new Set(['db', 'storage', 'jobs', 'outbound', 'config.ts', 'context.ts']);
/** Query-builder calls and raw SQL: only src/db/ writes them. */
const SQL = /\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(|\bsql`|\bsql\.(raw|ref|lit|id|table|join)\(|\.prepare\(\s*['"`]\s*(SELECT|INSERT|UPDATE|DELETE|WITH|PRAGMA)/i;
const DB_MAY_IMPORT = /^(kysely|pg|better-sqlite3|node:.*)$/;
const PAGE = /(\.routes|\.page|\.view)\.ts$|\/views\//;
/** Engines with one front door: code outside the folder imports only this file of it. */
const FRONT_DOORS: Record<string, string> = { 'document-engine': 'src/document-engine/index.ts' };
/** Where services and the hooks between them are built: nowhere else may construct one from the context. */
const WIRING = new Set(['src/services.ts', 'src/app.ts', 'src/main.ts']);
/** A route plugin of a feature: it is given services, never the whole context. */
const ROUTE_PLUGIN = /^src\/(?!http\/)[^/]+\/.*(\.routes\.ts|\/plugin\.ts)$/;

interface Import {
  from: string; // repo-relative file
  to: string; // repo-relative file, or the bare module name
  typeOnly: boolean;
  names: string[];
  line: number;
}

function walk(dir: string, out: string[] = []): string[] {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) walk(p, out);
    else if (/\.(ts|mts)$/.test(e.name) && !/\.test\.ts$/.test(e.name) && !e.name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

/** The top-level folder or file of src/ that a repo-relative path belongs to. */
export function unitOf(file: string): string {
  return file.split('/')[1];
}

function importsOf(root: string, file: string, text: string): Import[] {
  const rel = (p: string) => path.relative(root, p).split(path.sep).join('/');
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true);
  const out: Import[] = [];
  const add = (spec: string, node: ts.Node, typeOnly: boolean, names: string[]) => {
    const to = spec.startsWith('.') ? rel(path.resolve(path.dirname(file), spec)) : spec;
    out.push({ from: rel(file), to, typeOnly, names, line: sf.getLineAndCharacterOfPosition(node.getStart()).line + 1 });
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const names: string[] = [];
      let allTypes = !!clause?.isTypeOnly;
      if (clause && !clause.isTypeOnly) {
        const valueNames: string[] = [];
        if (clause.name) valueNames.push(clause.name.text);
        const nb = clause.namedBindings;
        if (nb && ts.isNamespaceImport(nb)) valueNames.push(`* as ${nb.name.text}`);
        if (nb && ts.isNamedImports(nb)) for (const el of nb.elements) (el.isTypeOnly ? names : valueNames).push(el.name.text);
        names.push(...valueNames);
        allTypes = valueNames.length === 0 && names.length > 0;
      }
      add(node.moduleSpecifier.text, node, allTypes, names);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      add(node.moduleSpecifier.text, node, node.isTypeOnly, []);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) {
      add(node.arguments[0].text, node, false, []);
    } else if (
      ts.isNewExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'URL' &&
      node.arguments?.[0] &&
      ts.isStringLiteral(node.arguments[0]) &&
      node.arguments[0].text.startsWith('./')
    ) {
      add(node.arguments[0].text, node, false, []);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

/** Checks the tree under `root` (the repository by default). */
export function checkArchitecture(root = ROOT): { violations: string[]; upward: Import[]; edges: Map<string, Import[]> } {
  const rank = new Map<string, number>();
  const layerOf = new Map<string, number>();
  LAYERS.forEach((l, li) =>
    l.units.forEach((u) => {
      rank.set(u, rank.size);
      layerOf.set(u, li);
    }),
  );
  const violations: string[] = [];
  const edges = new Map<string, Import[]>();
  const fileEdges = new Map<string, Import[]>();
  const upward: Import[] = [];
  const files = walk(path.join(root, 'src'));
  for (const f of files) {
    const text = fs.readFileSync(f, 'utf8');
    const file = path.relative(root, f).split(path.sep).join('/');
    const from = unitOf(file);
    if (!rank.has(from)) violations.push(`${file}: src/${from} is in no layer; add it to LAYERS in scripts/check-architecture.ts and to docs/architecture.md`);
    if (from !== 'db' && SQL.test(text)) violations.push(`${file}: SQL or a query-builder call outside src/db/`);
    const imports = importsOf(root, f, text);
    for (const v of wiringViolations(file, text)) violations.push(v);
    for (const imp of imports) {
      const local = imp.to.startsWith('src/');
      if (from === 'db' && !local && !DB_MAY_IMPORT.test(imp.to)) violations.push(`${file}:${imp.line}: src/db/ imports ${imp.to} (only kysely, the drivers, itself and src/lib/)`);
      if (PURE.some((p) => file.startsWith(p))) {
        if ((!local && IO_MODULES.test(imp.to)) || (local && IO_UNITS.has(unitOf(imp.to)) && !imp.typeOnly)) violations.push(`${file}:${imp.line}: a pure core imports I/O (${imp.to})`);
      }
      if (!local) continue;
      const fileKey = `${file} -> ${imp.to}`;
      if (imp.to !== file) fileEdges.set(fileKey, [...(fileEdges.get(fileKey) ?? []), imp]);
      const to = unitOf(imp.to);
      if (from === 'db' && to !== 'db' && to !== 'lib') violations.push(`${file}:${imp.line}: src/db/ imports ${imp.to} (only kysely, the drivers, itself and src/lib/)`);
      if (PAGE.test(file) && to === 'db') violations.push(`${file}:${imp.line}: a route, page or view imports the data layer (${imp.to}); go through a service`);
      if (/\.service\.ts$/.test(file) && /\.service\.ts$/.test(imp.to) && !imp.typeOnly && to !== from) {
        violations.push(`${file}:${imp.line}: a service imports ${imp.names.join(', ') || 'values'} from another service (${imp.to}); take the instance as a dependency`);
      }
      if (to === from) continue;
      const door = FRONT_DOORS[to];
      if (door && imp.to !== door) violations.push(`${file}:${imp.line}: imports ${imp.to}, inside src/${to}/; import it from its front door ${door}`);
      const key = `${from} -> ${to}`;
      if (!edges.has(key)) edges.set(key, []);
      edges.get(key)!.push(imp);
      const rf = rank.get(from);
      const rt = rank.get(to);
      if (rf === undefined || rt === undefined) continue;
      const sameLayerNonFeature = layerOf.get(from) === layerOf.get(to) && LAYERS[layerOf.get(from)!].name !== 'features';
      if (rt > rf && !sameLayerNonFeature) {
        const allowed = ALLOWED_UPWARD.some((a) => a.from === imp.from && a.to === imp.to);
        upward.push(imp);
        if (!allowed) violations.push(`${file}:${imp.line}: imports ${imp.to}, which stands higher (src/${to} is above src/${from})`);
      }
    }
  }
  if (ALLOWED_UPWARD.length > MAX_UPWARD) violations.push(`more than ${MAX_UPWARD} upward imports are allowed in ALLOWED_UPWARD`);
  for (const cycle of cycles(edges)) violations.push(`import cycle between folders: ${cycle.join(' -> ')}`);
  // Files that import each other, even for types only, cannot be read or moved apart: each names
  // the other's names. A job declares what it needs of its service rather than importing it.
  for (const cycle of cycles(fileEdges)) violations.push(`import cycle between files: ${cycle.join(' -> ')}`);
  return { violations, upward, edges };
}

/**
 * Wiring the checker can see: services (and anything else) are built from the context only in
 * services.ts (app.ts and main.ts build the platform), no module keeps a hidden per-context
 * singleton (`WeakMap<ServiceContext, …>`), and a feature's route plugins never receive the context.
 * Command-line entry points (`*.cli.ts`) build what they run, as main.ts does.
 */
function wiringViolations(file: string, text: string): string[] {
  const out: string[] = [];
  if (WIRING.has(file) || file.endsWith('.cli.ts')) return out;
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true);
  const line = (n: ts.Node) => sf.getLineAndCharacterOfPosition(n.getStart()).line + 1;
  const isCtx = (e: ts.Expression) => (ts.isIdentifier(e) && e.text === 'ctx') || (ts.isPropertyAccessExpression(e) && e.name.text === 'ctx' && e.expression.kind === ts.SyntaxKind.ThisKeyword);
  const visit = (node: ts.Node) => {
    if (ts.isNewExpression(node) && node.arguments?.some(isCtx)) {
      out.push(`${file}:${line(node)}: builds ${node.expression.getText(sf)} from the context; build it in services.ts and pass it in`);
    }
    if (ts.isTypeReferenceNode(node) && node.typeName.getText(sf) === 'WeakMap' && node.typeArguments?.[0]?.getText(sf) === 'ServiceContext') {
      out.push(`${file}:${line(node)}: keeps a hidden singleton per context (WeakMap<ServiceContext>); build it once in services.ts`);
    }
    if (ts.isNewExpression(node) && node.expression.getText(sf) === 'WeakMap' && node.typeArguments?.[0]?.getText(sf) === 'ServiceContext') {
      out.push(`${file}:${line(node)}: keeps a hidden singleton per context (WeakMap<ServiceContext>); build it once in services.ts`);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  if (ROUTE_PLUGIN.test(file) && /\bServiceContext\b/.test(text)) out.push(`${file}: a route plugin receives the services' context; give it the services it calls`);
  return out;
}

/** Strongly connected components with more than one member of a graph of "a -> b" edges (folders or files). */
function cycles(edges: Map<string, Import[]>): string[][] {
  const adj = new Map<string, string[]>();
  for (const k of edges.keys()) {
    const [a, b] = k.split(' -> ');
    if (!adj.has(a)) adj.set(a, []);
    if (!adj.has(b)) adj.set(b, []);
    adj.get(a)!.push(b);
  }
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const strong = (v: string) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of adj.get(v)!) {
      if (!index.has(w)) {
        strong(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const c: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        c.push(w);
      } while (w !== v);
      if (c.length > 1) out.push(c.sort());
    }
  };
  for (const v of adj.keys()) if (!index.has(v)) strong(v);
  return out;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const { violations, upward, edges } = checkArchitecture();
  if (process.argv.includes('--graph')) {
    for (const [k, v] of [...edges].sort()) console.log(`${k} (${v.length})`);
  }
  console.log(`architecture: ${edges.size} folder-level dependencies, ${upward.length} upward import(s) (at most ${MAX_UPWARD}, each listed with its reason)`);
  for (const v of violations) console.log(`  ✗ ${v}`);
  if (violations.length > 0) {
    console.log(`architecture: ${violations.length} violation(s); see docs/architecture.md`);
    process.exit(1);
  }
  console.log('architecture: every rule holds');
}
