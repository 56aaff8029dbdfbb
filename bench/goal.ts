import type { Figure } from './types'

const GOAL_PATTERN = /^(>=|<=|>|<)\s*(-?\d+(?:\.\d+)?)$/

/** Whether `value` meets a goal written as a comparison with a number, e.g. '>=100'. */
export function meetsGoal(goal: string, value: number): boolean {
  const match = GOAL_PATTERN.exec(goal.trim())
  if (!match) throw new Error(`Unreadable goal: ${goal}`)
  const threshold = Number(match[2])
  switch (match[1]) {
    case '>=':
      return value >= threshold
    case '<=':
      return value <= threshold
    case '>':
      return value > threshold
    default:
      return value < threshold
  }
}

/** Rounds for display to `digits` significant digits, keeping small figures (0.00003 dB) readable. */
export function significant(value: number, digits = 4): number {
  return Number.isFinite(value) ? Number(value.toPrecision(digits)) : value
}

/** One figure, rounded for display, with whether it meets `goal`. */
export function goalFigure(
  metric: string,
  goal: string,
  ours: number,
  reference: Record<string, number>,
  labels: Record<string, unknown> = {},
): Figure {
  const rounded = significant(ours)
  const refs = Object.fromEntries(Object.entries(reference).map(([k, v]) => [k, significant(v)]))
  return { metric, goal, ours: rounded, met: meetsGoal(goal, rounded), reference: refs, ...labels }
}

/** The p-th percentile (nearest rank) of the finite values; NaN when there are none. */
export function percentile(values: number[], p: number): number {
  const finite = values.filter(Number.isFinite)
  if (finite.length === 0) return NaN
  const sorted = [...finite].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number
}
