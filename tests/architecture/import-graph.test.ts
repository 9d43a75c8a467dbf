import fs from 'node:fs'
import path from 'node:path'
import { expect, test } from 'vitest'

/**
 * No module of src/ takes part in an import cycle, type-only imports included: a cycle of
 * types still ties the modules together (a feature's wiring and its routes, say), and ESLint's
 * import-x/no-cycle lets type imports pass. Imports are read from the source text, resolved
 * the way Node resolves them (relative paths and package.json "imports" aliases).
 */

const ROOT = path.resolve(import.meta.dirname, '../..')
const ALIASES = Object.entries(
  (
    JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
      imports: Record<string, string>
    }
  ).imports,
).map(([alias, target]) => [alias.replace('*', ''), path.join(ROOT, target.replace('*', ''))])

const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s[^'"`;]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g

function sourceFiles(directory: string): string[] {
  return fs.readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name)
    if (entry.isDirectory()) return sourceFiles(full)
    return /\.tsx?$/.test(entry.name) ? [full] : []
  })
}

function resolve(from: string, specifier: string): string | undefined {
  const alias = ALIASES.find(([prefix]) => specifier.startsWith(prefix as string))
  const target = alias
    ? path.join(alias[1] as string, specifier.slice((alias[0] as string).length))
    : specifier.startsWith('.')
      ? path.resolve(path.dirname(from), specifier)
      : undefined
  return target && fs.existsSync(target) ? target : undefined
}

function importGraph(files: readonly string[]): Map<string, string[]> {
  return new Map(
    files.map((file) => {
      const text = fs.readFileSync(file, 'utf8')
      const targets = [...text.matchAll(IMPORT)]
        .map((match) => resolve(file, match[1] ?? match[2] ?? ''))
        .filter((target): target is string => target !== undefined)
      return [file, [...new Set(targets)]]
    }),
  )
}

/** Tarjan's strongly connected components with more than one module, or one importing itself. */
function cyclesOf(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let next = 0
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const cycles: string[][] = []
  const visit = (node: string) => {
    index.set(node, next)
    low.set(node, next)
    next += 1
    stack.push(node)
    onStack.add(node)
    for (const target of graph.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target)
        low.set(node, Math.min(low.get(node) ?? 0, low.get(target) ?? 0))
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(target) ?? 0))
      }
    }
    if (low.get(node) !== index.get(node)) return
    const component: string[] = []
    let member: string | undefined
    do {
      member = stack.pop()
      if (member === undefined) break
      onStack.delete(member)
      component.push(member)
    } while (member !== node)
    if (component.length > 1 || (graph.get(node) ?? []).includes(node)) cycles.push(component)
  }
  for (const node of graph.keys()) if (!index.has(node)) visit(node)
  return cycles
}

test('the checker finds a cycle of type-only imports', () => {
  const graph = new Map([
    ['features/admin/index.ts', ['features/admin/orders/routes.ts']],
    ['features/admin/orders/routes.ts', ['features/admin/index.ts']],
    ['features/catalog/index.ts', []],
  ])
  expect(cyclesOf(graph)).toEqual([['features/admin/orders/routes.ts', 'features/admin/index.ts']])
})

test('no module of src/ is part of an import cycle, type imports included', () => {
  const graph = importGraph(sourceFiles(path.join(ROOT, 'src')))
  expect(graph.size).toBeGreaterThan(300)
  const cycles = cyclesOf(graph).map((cycle) =>
    cycle.map((file) => path.relative(ROOT, file)).sort(),
  )
  expect(cycles).toEqual([])
})
