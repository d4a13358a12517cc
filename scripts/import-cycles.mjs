#!/usr/bin/env node
// Import circles across the project's source folders, counting type-only and dynamic imports: a circle closed only by
// types still ties its modules into one knot, and nothing at run time would report it. Exits 1 when any exists.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = resolve(dirname(new URL(import.meta.url).pathname), '..');
const ROOTS = ['contract', 'platform', 'sync', 'machines', 'src'];
const isTest = (f) => /\.(test|spec)\.tsx?$/.test(f);
const files = [];
const walk = (d) => {
  for (const n of readdirSync(d)) {
    const f = join(d, n);
    if (statSync(f).isDirectory()) walk(f);
    else if (/\.(ts|tsx|mts)$/.test(n) && !n.endsWith('.d.ts') && !isTest(n)) files.push(relative(root, f));
  }
};
for (const r of ROOTS) if (existsSync(join(root, r))) walk(join(root, r));
const known = new Set(files);

const target = (from, spec) => {
  if (!spec.startsWith('.')) return null;
  const base = resolve(root, dirname(from), spec);
  for (const c of [base, base.replace(/\.js$/, '.ts'), `${base}.ts`, `${base}.tsx`]) {
    const r = relative(root, c);
    if (known.has(r)) return r;
  }
  return null;
};
const edges = new Map(
  files.map((f) => {
    const text = readFileSync(join(root, f), 'utf8');
    const specs = [
      ...[...text.matchAll(/(?:^|\n)\s*(?:import|export)\s[^;]*?from\s*['"]([^'"]+)['"]/g)].map((m) => m[1]),
      ...[...text.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => m[1]),
    ];
    return [f, [...new Set(specs.map((s) => target(f, s)).filter((t) => t && t !== f))]];
  }),
);

// Tarjan's strongly connected components: every component of more than one file is a circle.
let counter = 0;
const index = new Map();
const low = new Map();
const stack = [];
const onStack = new Set();
const circles = [];
const visit = (v) => {
  index.set(v, counter);
  low.set(v, counter++);
  stack.push(v);
  onStack.add(v);
  for (const w of edges.get(v)) {
    if (!index.has(w)) {
      visit(w);
      low.set(v, Math.min(low.get(v), low.get(w)));
    } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
  }
  if (low.get(v) === index.get(v)) {
    const c = [];
    let w;
    do {
      w = stack.pop();
      onStack.delete(w);
      c.push(w);
    } while (w !== v);
    if (c.length > 1) circles.push(c);
  }
};
for (const f of files) if (!index.has(f)) visit(f);

for (const c of circles) console.error(`import circle of ${c.length} files: ${c.sort().join(' ')}`);
if (circles.length) process.exit(1);
console.log(`import circles: none in ${files.length} files`);
