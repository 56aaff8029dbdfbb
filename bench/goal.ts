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
