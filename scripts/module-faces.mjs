#!/usr/bin/env node
// (Re)generates each server module's public face, apps/server/src/modules/<m>/index.ts, from the actual
// cross-module usages: every name another module (or lib/, plugins/, db/, app.ts …) imports from module M, through
// M's face or still from M's internals, is exported by M's index.ts. Existing exports are kept (the face only
// grows) unless --prune is given, which drops the names no non-test file outside M imports any more.
//
//   node scripts/module-faces.mjs           extend the faces, then `npx eslint --fix apps/server/src` to point
//                                           the imports at them (rule aquamall/module-boundaries)
//   node scripts/module-faces.mjs --check   exit 1 (and list them) if a face lacks a name; writes nothing
//   node scripts/module-faces.mjs --prune   also drop exports nobody outside the module uses
//
// See docs/decisions/0212-module-faces.md and docs/architecture.md ("Server layers").
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { isFace, isTest, moduleOf, serverFiles, serverSrc } from '../eslint/server-modules.js';

const args = new Set(process.argv.slice(2));
const CHECK = args.has('--check');
const PRUNE = args.has('--prune');
const modulesDir = path.join(serverSrc, 'modules');
const HEADER =
  '// The public face of this module: what other modules may import (docs/decisions/0212-module-faces.md).\n' +
  '// Kept by `node scripts/module-faces.mjs` from the actual usages; add a name by hand or re-run the script.\n';

const parsed = new Map();
function parse(file) {
  if (!parsed.has(file)) {
    parsed.set(file, ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true));
  }
  return parsed.get(file);
}
/** A specifier resolved to a file on disk (the house writes `.ts`; `.js` and extensionless also resolve). */
function resolveFile(from, spec) {
  const base = path.resolve(path.dirname(from), spec);
  for (const c of [base, base.replace(/\.js$/, '.ts'), `${base}.ts`, path.join(base, 'index.ts')]) {
    if (fs.existsSync(c) && fs.statSync(c).isFile()) return c;
  }
  return null;
}
const hasExport = (node) => ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);

/** How `file` exports `name`: 'type' | 'value' | null (not exported), following re-exports. */
function exportKind(file, name, seen = new Set()) {
  if (!file || seen.has(file)) return null;
  seen.add(file);
  for (const st of parse(file).statements) {
    if (hasExport(st)) {
      if ((ts.isInterfaceDeclaration(st) || ts.isTypeAliasDeclaration(st)) && st.name.text === name) return 'type';
      if ((ts.isFunctionDeclaration(st) || ts.isClassDeclaration(st) || ts.isEnumDeclaration(st)) && st.name?.text === name) {
        // `export default function name()` is exported as default: the face names it (`default as name`).
        return (ts.getModifiers(st) ?? []).some((m) => m.kind === ts.SyntaxKind.DefaultKeyword) ? 'default' : 'value';
      }
      if (ts.isVariableStatement(st) && st.declarationList.declarations.some((d) => ts.isIdentifier(d.name) && d.name.text === name)) return 'value';
    }
    if (ts.isExportDeclaration(st) && st.exportClause && ts.isNamedExports(st.exportClause)) {
      for (const el of st.exportClause.elements) {
        if (el.name.text !== name) continue;
        const local = (el.propertyName ?? el.name).text;
        if (st.isTypeOnly || el.isTypeOnly) return 'type';
        if (st.moduleSpecifier) return exportKind(resolveFile(file, st.moduleSpecifier.text), local, seen) ?? 'value';
        return localKind(file, local);
      }
    }
    if (ts.isExportDeclaration(st) && !st.exportClause && st.moduleSpecifier) {
      const k = exportKind(resolveFile(file, st.moduleSpecifier.text), name, seen);
      if (k) return k;
    }
  }
  return null;
}
/** `export { x }` of a local declaration. */
function localKind(file, name) {
  for (const st of parse(file).statements) {
    if ((ts.isInterfaceDeclaration(st) || ts.isTypeAliasDeclaration(st)) && st.name.text === name) return 'type';
    if ((ts.isImportDeclaration(st) && st.importClause?.isTypeOnly) && st.importClause.namedBindings && ts.isNamedImports(st.importClause.namedBindings) && st.importClause.namedBindings.elements.some((e) => e.name.text === name)) return 'type';
  }
  return 'value';
}

const moduleFiles = new Map();
const allFiles = serverFiles();
for (const f of allFiles) {
  const m = moduleOf(f);
  if (m && !isTest(f)) (moduleFiles.get(m) ?? moduleFiles.set(m, []).get(m)).push(f);
}
/** The file of module `m` that exports `name` (shallowest path first, the face itself last). */
function findOrigin(m, name) {
  const files = [...(moduleFiles.get(m) ?? [])].filter((f) => !isFace(f)).sort((a, b) => a.split(path.sep).length - b.split(path.sep).length || a.localeCompare(b));
  return files.find((f) => exportKind(f, name)) ?? null;
}

// 1. What other places use of each module: module → name → { origin: file | null, typeOnly }.
const needs = new Map();
const problems = [];
for (const file of allFiles) {
  if (isTest(file)) continue;
  const from = moduleOf(file);
  for (const st of parse(file).statements) {
    const isImport = ts.isImportDeclaration(st);
    const isReExport = ts.isExportDeclaration(st) && st.moduleSpecifier;
    if (!isImport && !isReExport) continue;
    const spec = st.moduleSpecifier.text;
    if (!spec.startsWith('.')) continue;
    const target = resolveFile(file, spec) ?? path.resolve(path.dirname(file), spec);
    const to = moduleOf(target);
    if (!to || to === from) continue;
    const origin = isFace(target) ? null : target;
    const need = (name, typeOnly, isDefault = false) => {
      const byName = needs.get(to) ?? needs.set(to, new Map()).get(to);
      const prev = byName.get(name);
      if (prev && prev.origin && origin && prev.origin !== origin) {
        problems.push(`${to}: '${name}' is imported from both ${path.relative(serverSrc, prev.origin)} and ${path.relative(serverSrc, origin)}`);
      }
      byName.set(name, { origin: prev?.origin ?? origin, typeOnly: (prev?.typeOnly ?? true) && typeOnly, isDefault: prev?.isDefault ?? (isDefault && !!origin) });
    };
    const where = path.relative(serverSrc, file);
    if (isImport) {
      const clause = st.importClause;
      if (!clause) continue; // side-effect import
      if (clause.name) need(clause.name.text, clause.isTypeOnly, true);
      const b = clause.namedBindings;
      if (b && ts.isNamespaceImport(b)) problems.push(`${where}: namespace import from module '${to}' (import names)`);
      if (b && ts.isNamedImports(b)) for (const el of b.elements) need((el.propertyName ?? el.name).text, clause.isTypeOnly || el.isTypeOnly);
    } else if (st.exportClause && ts.isNamedExports(st.exportClause)) {
      for (const el of st.exportClause.elements) need((el.propertyName ?? el.name).text, st.isTypeOnly || el.isTypeOnly);
    } else problems.push(`${where}: 'export *' from module '${to}'`);
  }
}

// 2. Each module's face: existing exports + needed names.
let missing = 0;
let written = 0;
const modules = fs.readdirSync(modulesDir, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort();
for (const m of modules) {
  const faceFile = path.join(modulesDir, m, 'index.ts');
  /** name → { spec: './x.ts', kind: 'type' | 'value' } */
  const entries = new Map();
  const extra = []; // statements of the face we do not manage (kept verbatim)
  if (fs.existsSync(faceFile)) {
    const sf = parse(faceFile);
    for (const st of sf.statements) {
      if (ts.isExportDeclaration(st) && st.moduleSpecifier && st.exportClause && ts.isNamedExports(st.exportClause) && st.exportClause.elements.every((e) => !e.propertyName || e.propertyName.text === 'default')) {
        for (const el of st.exportClause.elements) {
          const kind = el.propertyName ? 'default' : st.isTypeOnly || el.isTypeOnly ? 'type' : 'value';
          entries.set(el.name.text, { spec: st.moduleSpecifier.text, kind });
        }
      } else extra.push(st.getFullText(sf).trim().replace(/^\/\/ The public face[^\n]*\n\/\/ Kept by[^\n]*\n?/, ''));
    }
  }
  const used = needs.get(m) ?? new Map();
  if (PRUNE) for (const name of [...entries.keys()]) if (!used.has(name)) entries.delete(name);
  for (const [name, { origin, typeOnly, isDefault }] of used) {
    if (entries.has(name)) continue;
    if (isDefault) {
      missing++;
      if (CHECK) console.log(`${m}: face lacks '${name}' (default of ${path.relative(serverSrc, origin)})`);
      let spec = path.relative(path.join(modulesDir, m), origin).split(path.sep).join('/');
      if (!spec.startsWith('.')) spec = `./${spec}`;
      entries.set(name, { spec, kind: 'default' });
      continue;
    }
    if (extra.some((s) => new RegExp(`\\b${name}\\b`).test(s))) continue;
    const file = origin ?? findOrigin(m, name);
    if (!file || !exportKind(file, name)) {
      problems.push(`${m}: nothing in the module exports '${name}'`);
      continue;
    }
    missing++;
    if (CHECK) console.log(`${m}: face lacks '${name}' (${path.relative(serverSrc, file)})`);
    let spec = path.relative(path.join(modulesDir, m), file).split(path.sep).join('/');
    if (!spec.startsWith('.')) spec = `./${spec}`;
    const found = exportKind(file, name);
    const kind = found === 'default' ? 'default' : found === 'type' || (typeOnly && found !== 'value') ? 'type' : 'value';
    entries.set(name, { spec, kind });
  }
  if (CHECK || (entries.size === 0 && extra.length === 0)) continue;
  const bySpec = new Map();
  for (const [name, { spec, kind }] of entries) {
    const key = `${kind}\u0000${spec}`;
    (bySpec.get(key) ?? bySpec.set(key, []).get(key)).push(name);
  }
  const lines = [...bySpec.entries()]
    .sort(([a], [b]) => a.split('\u0000')[1].localeCompare(b.split('\u0000')[1]) || a.localeCompare(b))
    .map(([key, names]) => {
      const [kind, spec] = key.split('\u0000');
      const list = names.sort().map((n) => (kind === 'default' ? `default as ${n}` : n));
      return `export ${kind === 'type' ? 'type ' : ''}{ ${list.join(', ')} } from '${spec}';`;
    });
  const text = `${HEADER}${extra.length ? `${extra.join('\n')}\n` : ''}${lines.join('\n')}\n`;
  if (!fs.existsSync(faceFile) || fs.readFileSync(faceFile, 'utf8') !== text) {
    fs.writeFileSync(faceFile, text);
    written++;
  }
}
for (const p of problems) console.error(`module-faces: ${p}`);
if (CHECK) {
  console.log(missing ? `${missing} name(s) missing from the faces` : 'every face exports what other modules use');
  process.exit(missing || problems.length ? 1 : 0);
}
console.log(`module-faces: ${written} face(s) written, ${missing} name(s) added${problems.length ? `, ${problems.length} problem(s) above` : ''}`);
process.exit(problems.length ? 1 : 0);
