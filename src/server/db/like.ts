/** The search text is matched literally: %, _ and \ lose their LIKE meaning. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`)
}

/** `%text%`, the text matched literally: for ILIKE's "contains". */
export const containing = (text: string) => `%${escapeLike(text)}%`
