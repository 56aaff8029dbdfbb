// What the user's plan allows the speech endpoint (tts-api.md "Rate limits by plan", "Stored audio").
// The plan's figures are defaults: a model whose record states its own limit is paced by that instead.

const PAID_MODEL_RPM: Readonly<Record<string, number>> = {
  FREE: 500,
  BASIC: 1000,
  ADVANCED_PLUS: 2000,
  ULTRA: 5000,
}
const FREE_MODEL_RPM: Readonly<Record<string, number>> = { FREE: 10, BASIC: 20, ADVANCED_PLUS: 40, ULTRA: 60 }
const HOUR_MS = 3600_000

/**
 * Requests per minute for a reading: the model's own limit where its record states one (`TtsRules.rpm`),
 * else the plan's default; an unknown plan gets the lowest, so Loa never causes its own 429s.
 */
export function speechRpm(plan: string | null, freeModel: boolean, modelRpm: number | null = null): number {
  if (modelRpm !== null) return modelRpm
  const table = freeModel ? FREE_MODEL_RPM : PAID_MODEL_RPM
  return table[normalPlan(plan)] ?? (table.FREE as number)
}

/** How long the service keeps generated audio for re-download: 24 h on FREE, 72 h on paid plans. */
export function retentionMs(plan: string | null): number {
  return normalPlan(plan) === 'FREE' || plan === null ? 24 * HOUR_MS : 72 * HOUR_MS
}

/** `ADVANCED+`, `advanced_plus` and `ADVANCED_PLUS` are one plan. */
function normalPlan(plan: string | null): string {
  return (plan ?? 'FREE').toUpperCase().replace('+', '_PLUS')
}
