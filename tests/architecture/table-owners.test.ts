import fs from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import { expect, test } from 'vitest'

/**
 * A table has one owner (docs/decisions/0012-one-owner-per-table.md): only the owner imports
 * the schema file that holds it, and only the owner names it in raw SQL. Other code writes
 * through the owner's `…Within(tx)` methods and reads through the queries it exports. The
 * database's own code (src/server/db: migrations, seed) may read every file; tests and scripts
 * may too. Imports are read from the source, resolved the way Node resolves them; SQL is the
 * text of the strings and templates of a file.
 */

const ROOT = path.resolve(import.meta.dirname, '../..')
const SERVER = 'src/server/'
const SCHEMA = 'src/server/db/schema/'
const DATABASE = 'src/server/db/'

/** Each schema file and the one module that may import it: a feature's folder, or a file. */
const OWNERS: Readonly<Record<string, string>> = {
  'accounts.ts': 'src/server/features/auth/',
  'staff.ts': 'src/server/features/staff/',
  'routes.ts': 'src/server/features/routes/',
  'saved-cards.ts': 'src/server/features/saved-cards/',
  'subscriptions.ts': 'src/server/features/subscriptions/',
  'catalog.ts': 'src/server/features/catalog/',
  'marketing.ts': 'src/server/features/marketing/',
  'coupons.ts': 'src/server/features/coupons/',
  'checkout.ts': 'src/server/features/checkout/',
  'orders.ts': 'src/server/features/orders/',
  'order-money.ts': 'src/server/features/order-changes/',
  'outbox.ts': 'src/server/features/outbox/',
  'rate-limits.ts': 'src/server/features/rate-limits/',
  'uploads.ts': 'src/server/features/uploads/',
  'job-runs.ts': 'src/server/jobs/job-runs.ts',
}

/** Schema files only the database's code imports: the whole schema, its own facts, column kinds. */
const DATABASE_ONLY = ['index.ts', 'meta.ts', 'columns.ts']

interface SourceFile {
  /** relative to the repository, with forward slashes */
  readonly file: string
  readonly text: string
}

interface Violation {
  readonly file: string
  readonly message: string
}

const ALIASES = Object.entries(
  (
    JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
      imports: Record<string, string>
    }
  ).imports,
).map(([alias, target]) => [alias.replace('*', ''), target.replace('*', '').replace(/^\.\//, '')])

const relative = (file: string) => path.relative(ROOT, file).split(path.sep).join('/')

function sourceFiles(directory: string): SourceFile[] {
  return fs.readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name)
    if (entry.isDirectory()) return sourceFiles(full)
    if (!/\.tsx?$/.test(entry.name)) return []
    return [{ file: relative(full), text: fs.readFileSync(full, 'utf8') }]
  })
}

/** What the checks judge: server code outside src/server/db, tests left out. */
const isJudged = (file: string) =>
  file.startsWith(SERVER) && !file.startsWith(DATABASE) && !/\.test\.tsx?$/.test(file)

const ownedBy = (file: string, owner: string) =>
  owner.endsWith('/') ? file.startsWith(owner) : file === owner

/** The import specifiers of a file, resolved to repository paths (relative and #aliases). */
function importsOf({ file, text }: SourceFile): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false)
  const specifiers: string[] = []
  for (const statement of source.statements) {
    if (
      (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) &&
      statement.moduleSpecifier &&
      ts.isStringLiteral(statement.moduleSpecifier)
    ) {
      specifiers.push(statement.moduleSpecifier.text)
    }
  }
  return specifiers.flatMap((specifier) => {
    const alias = ALIASES.find(([prefix]) => specifier.startsWith(prefix as string))
    if (alias) return [`${alias[1]}${specifier.slice((alias[0] as string).length)}`]
    if (specifier.startsWith('.')) {
      return [path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier))]
    }
    return []
  })
}

/** Every piece of string and template text in a file. */
function textsOf({ file, text }: SourceFile): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false)
  const texts: string[] = []
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) texts.push(node.text)
    else if (ts.isTemplateExpression(node)) {
      texts.push(node.head.text, ...node.templateSpans.map((span) => span.literal.text))
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return texts
}

/** Each table's name and the schema file that holds it. */
function tablesOf(schemaFiles: readonly SourceFile[]): Map<string, string> {
  const tables = new Map<string, string>()
  for (const { file, text } of schemaFiles) {
    for (const match of text.matchAll(/pgTable\(\s*'([a-z_]+)'/g)) {
      tables.set(match[1] as string, path.posix.basename(file))
    }
  }
  return tables
}

const ownerName = (schemaFile: string) => OWNERS[schemaFile] ?? DATABASE

function importViolations(files: readonly SourceFile[]): Violation[] {
  return files
    .filter(({ file }) => isJudged(file))
    .flatMap((source) =>
      importsOf(source)
        .filter((target) => target.startsWith(SCHEMA))
        .flatMap((target) => {
          const schemaFile = target.slice(SCHEMA.length)
          const owner = OWNERS[schemaFile]
          if (owner && ownedBy(source.file, owner)) return []
          return [
            {
              file: source.file,
              message:
                schemaFile === 'index.ts'
                  ? `${source.file} imports db/schema/index.ts: import the owner's own schema file instead`
                  : `${source.file} imports db/schema/${schemaFile}, whose tables belong to ${ownerName(schemaFile)}`,
            },
          ]
        }),
    )
}

function sqlViolations(
  files: readonly SourceFile[],
  tables: ReadonlyMap<string, string>,
): Violation[] {
  const patterns = [...tables].map(([table, schemaFile]) => ({
    table,
    schemaFile,
    pattern: new RegExp(String.raw`\b(from|join|update|into)\s+"?${table}"?(?!\w)`, 'i'),
  }))
  return files
    .filter(({ file }) => isJudged(file))
    .flatMap((source) => {
      const texts = textsOf(source)
      return patterns.flatMap(({ table, schemaFile, pattern }) => {
        const owner = OWNERS[schemaFile]
        if (owner && ownedBy(source.file, owner)) return []
        const found = texts.map((text) => pattern.exec(text)).find((match) => match !== null)
        if (!found) return []
        return [
          {
            file: source.file,
            message: `${source.file} names the table ${table} in SQL ("${found[0]}"); it belongs to ${ownerName(schemaFile)}`,
          },
        ]
      })
    })
}

const serverFiles = () => sourceFiles(path.join(ROOT, 'src/server'))
const schemaFiles = () => sourceFiles(path.join(ROOT, SCHEMA))

test('the checks find a feature importing, or naming in SQL, a table it does not own', () => {
  const feature: SourceFile = {
    file: 'src/server/features/week/week.repo.ts',
    text: [
      "import { orders } from '../../db/schema/orders.ts'",
      "import { products } from '#server/db/schema/index.ts'",
      "import { jobRuns } from '../../db/schema/job-runs.ts'",
      'const day = sql`select id from orders where status <> ${status}`',
      'const lines = sql.raw(\'select * from "order_items" join products on true\')',
      "const mine = 'the word orders, and order_items_idx'",
    ].join('\n'),
  }
  const owner: SourceFile = {
    file: 'src/server/features/orders/orders.repo.ts',
    text: "import { orders } from '../../db/schema/orders.ts'\nconst all = sql`select * from orders`",
  }
  const tables = new Map([
    ['orders', 'orders.ts'],
    ['order_items', 'orders.ts'],
    ['products', 'catalog.ts'],
  ])
  expect(importViolations([feature, owner]).map((found) => found.message)).toEqual([
    'src/server/features/week/week.repo.ts imports db/schema/orders.ts, whose tables belong to src/server/features/orders/',
    "src/server/features/week/week.repo.ts imports db/schema/index.ts: import the owner's own schema file instead",
    'src/server/features/week/week.repo.ts imports db/schema/job-runs.ts, whose tables belong to src/server/jobs/job-runs.ts',
  ])
  expect(sqlViolations([feature, owner], tables).map((found) => found.message)).toEqual([
    'src/server/features/week/week.repo.ts names the table orders in SQL ("from orders"); it belongs to src/server/features/orders/',
    'src/server/features/week/week.repo.ts names the table order_items in SQL ("from "order_items""); it belongs to src/server/features/orders/',
    'src/server/features/week/week.repo.ts names the table products in SQL ("join products"); it belongs to src/server/features/catalog/',
  ])
})

test('every schema file has an owner, and every owner exists', () => {
  const files = schemaFiles().map(({ file }) => path.posix.basename(file))
  expect(files.filter((file) => !(file in OWNERS) && !DATABASE_ONLY.includes(file))).toEqual([])
  for (const owner of Object.values(OWNERS)) {
    expect(fs.existsSync(path.join(ROOT, owner)), owner).toBe(true)
  }
  expect(tablesOf(schemaFiles()).size).toBeGreaterThan(25)
})

test('only a table’s owner imports its schema file, and nobody outside src/server/db the index', () => {
  const found = importViolations(serverFiles())
  expect(found.map((violation) => violation.message)).toEqual([])
})

test('raw SQL names only the tables of its own feature', () => {
  const found = sqlViolations(serverFiles(), tablesOf(schemaFiles()))
  expect(found.map((violation) => violation.message)).toEqual([])
})
