#!/usr/bin/env node
// Import circles across the project's source folders, counting type-only and dynamic imports: a circle closed only by
// types still ties its modules into one knot, and nothing at run time would report it. The same for the platform's
// folders taken whole (platform/<folder>/, its root files as one): two areas that import each other, through any of
// their files, are one knot even when no file-level circle closes. Exits 1 when any exists.
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

// Tarjan's strongly connected components: every component of more than one node is a circle.
function circlesOf(graph) {
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
    for (const w of graph.get(v) ?? []) {
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
      if (c.length > 1) circles.push(c.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return circles;
}

const circles = circlesOf(edges);
for (const c of circles) console.error(`import circle of ${c.length} files: ${c.join(' ')}`);

// platform/<folder>/… → folder; files directly in platform/ (the composition root) → '(root)'
const folderOf = (f) => {
  const parts = f.split('/');
  return parts[0] !== 'platform' ? null : parts.length > 2 ? parts[1] : '(root)';
};
const folders = new Map();
const through = new Map();
for (const [f, targets] of edges) {
  const a = folderOf(f);
  if (a === null) continue;
  if (!folders.has(a)) folders.set(a, new Set());
  for (const t of targets) {
    const b = folderOf(t);
    if (b === null || b === a) continue;
    folders.get(a).add(b);
    if (!through.has(`${a}>${b}`)) through.set(`${a}>${b}`, `${f} -> ${t}`);
  }
}
const knots = circlesOf(new Map([...folders].map(([a, out]) => [a, [...out]])));
// one way round each knot, step by step with a file import that makes the step
const roundOf = (knot) => {
  const inside = new Set(knot);
  const start = knot[0];
  const cameFrom = new Map();
  const queue = [start];
  while (queue.length > 0) {
    const a = queue.shift();
    for (const b of folders.get(a)) {
      if (!inside.has(b) || cameFrom.has(b)) continue;
      cameFrom.set(b, a);
      if (b === start) queue.length = 0;
      else queue.push(b);
    }
  }
  const steps = [];
  for (let b = start, a = cameFrom.get(b); steps.length === 0 || b !== start; b = a, a = cameFrom.get(b))
    steps.unshift(`  ${a} -> ${b}: ${through.get(`${a}>${b}`)}`);
  return steps;
};
for (const k of knots)
  console.error(
    `platform folder circle of ${k.length} folders: ${k.join(' ')}; one way round:\n${roundOf(k).join('\n')}`,
  );
if (circles.length || knots.length) process.exit(1);
console.log(`import circles: none in ${files.length} files, nor among ${folders.size} platform folders`);
