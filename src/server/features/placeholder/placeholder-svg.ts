/**
 * The image shown where a product or producer has none: the brand's wheat tone with a small
 * basket mark, drawn at any size so the layout never jumps.
 */
/** the basket mark is drawn on a 100 × 100 grid and scaled to `mark` pixels */
const MARK_GRID = 100

export function placeholderSvg(width: number, height: number): string {
  const size = Math.min(width, height)
  const mark = Math.max(8, Math.round(size * 0.28))
  const x = (width - mark) / 2
  const y = (height - mark) / 2
  const stroke = Math.max(1, Math.round(mark / 14))
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img">`,
    '<title>Image coming soon</title>',
    `<rect width="${width}" height="${height}" fill="#F1E3C6"/>`,
    `<g transform="translate(${x} ${y}) scale(${mark / MARK_GRID})" fill="none" stroke="#7A5230" stroke-width="${(stroke * MARK_GRID) / mark}" stroke-linecap="round" stroke-linejoin="round" opacity="0.55">`,
    '<path d="M12 42h76l-9 44H21z"/>',
    '<path d="M30 42c0-18 9-28 20-28s20 10 20 28"/>',
    '<path d="M36 56v18M50 56v18M64 56v18"/>',
    '</g>',
    '</svg>',
  ].join('')
}
