/**
 * Spreadsheets run a cell that starts with one of these as a formula (CSV injection, OWASP).
 * Tab and carriage return are on the list because some programs drop them and read what follows.
 */
const FORMULA_TRIGGERS = ['=', '+', '-', '@', '\t', '\r']

/**
 * A cell for a CSV file a person will open in a spreadsheet (docs/product.md#security): one that
 * could start a formula gets a leading apostrophe, so it is shown as text. Quoting of commas,
 * quotes and line breaks is the CSV writer's job.
 */
export function neutralizeCsvFormula(cell: string): string {
  return FORMULA_TRIGGERS.some((trigger) => cell.startsWith(trigger)) ? `'${cell}` : cell
}
