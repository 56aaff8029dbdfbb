// The path of a small line chart drawn as SVG, for the popup's last 7 days.

export interface SparklinePaths {
  /** The line through every value, left to right. */
  line: string
  /** The same line closed along the bottom edge, to fill under it. */
  area: string
}

export interface SparklineBox {
  width: number
  height: number
  /** Space kept inside the box so the stroke is not clipped. */
  padding: number
}

const round = (n: number) => Math.round(n * 100) / 100

/**
 * Values scale from 0 (bottom) to the largest value (top): costs are never negative, and a baseline at
 * zero keeps a quiet week looking quiet. All zeros lie on the bottom; a single value spans the width.
 */
export function sparklinePaths(values: readonly number[], box: SparklineBox): SparklinePaths | null {
  const clean = values.map((v) => (Number.isFinite(v) && v > 0 ? v : 0))
  if (clean.length === 0) return null
  const { width, height, padding } = box
  const top = Math.max(...clean)
  const innerW = width - 2 * padding
  const innerH = height - 2 * padding
  const bottom = height - padding
  const points = (clean.length === 1 ? [clean[0]!, clean[0]!] : clean).map((v, i, all) => ({
    x: round(padding + (innerW * i) / (all.length - 1)),
    y: round(top === 0 ? bottom : bottom - (innerH * v) / top),
  }))
  const line = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x} ${p.y}`).join(' ')
  const first = points[0]!
  const last = points[points.length - 1]!
  const area = `${line} L${last.x} ${round(bottom)} L${first.x} ${round(bottom)} Z`
  return { line, area }
}
