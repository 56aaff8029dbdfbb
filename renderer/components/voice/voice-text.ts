// What the voice chat's states, problems, warnings and session ends say, in the user's language.
// Main's messages are written for logs; these are the words the user reads.
import type { Language, VoiceProblem, VoiceState, VoiceWarning } from '../../../preload/contract'
import { errorText, type Words } from '../../lib/error-text'
import { formatNumber, formatVnd } from '../../lib/format'
import type { Translate } from '../account/translate'

/** The colour family a state is drawn in. */
export type StateTone = 'rest' | 'busy' | 'ready' | 'listen' | 'think' | 'speak' | 'bad'

/** Creating and connecting read as one step: the user waits for the line to open either way. */
export function stateLabel(state: VoiceState, t: Translate): string {
  return t(`voice.state.${state === 'creating' ? 'connecting' : state}`)
}

export function stateTone(state: VoiceState): StateTone {
  switch (state) {
    case 'idle':
    case 'ended':
      return 'rest'
    case 'creating':
    case 'connecting':
    case 'reconnecting':
    case 'ending':
      return 'busy'
    case 'ready':
      return 'ready'
    case 'listening':
      return 'listen'
    case 'thinking':
      return 'think'
    case 'speaking':
      return 'speak'
    case 'failed':
      return 'bad'
  }
}

const TERMINATION_REASONS = [
  'insufficient_balance',
  'max_spend_reached',
  'max_duration_reached',
  'key_revoked',
  'maintenance',
  'system_error',
] as const

const END_REASONS = [
  ...TERMINATION_REASONS,
  'client_deleted',
  'client_closed',
  'idle_timeout',
  'connection_lost',
  'not_connected',
] as const

function isOneOf<T extends string>(list: readonly T[], value: string | null): value is T {
  return value !== null && (list as readonly string[]).includes(value)
}

export { errorText }

/** The problem in words: why the service cut the session, or what failed, and what to do next. */
export function problemText(problem: VoiceProblem, words: Words): { title: string; detail: string } {
  const { t } = words
  if (problem.kind === 'terminated') {
    return {
      title: t('voice.problem.terminated'),
      detail: `${terminationWhy(problem, t)} ${cutNext(problem, t)}`,
    }
  }
  // The spec sets no length for `instructions`; a service that refuses them says so with this code (the
  // demo: over 16,384 characters), and the user is sent to the one field that can fix it.
  if (problem.code === 'instructions_too_long') {
    return { title: t('voice.problem.error'), detail: t('voice.problem.instructionsTooLong') }
  }
  // Loa's own daily budget (Settings), not the service's refusal: the way on is the user's choice.
  if (problem.code === 'daily_budget_reached') {
    return { title: t('voice.problem.budget'), detail: t('voice.problem.budgetDetail') }
  }
  const what = errorText(problem, words)
  return {
    title: t('voice.problem.error'),
    detail: problem.fatal ? `${what} ${t('voice.problem.retry')}` : what,
  }
}

function terminationWhy(problem: Pick<VoiceProblem, 'code' | 'message'>, t: Translate): string {
  return isOneOf(TERMINATION_REASONS, problem.code) ? t(`voice.terminated.${problem.code}`) : problem.message
}

/** After a cut main did not renew (termination-policy.ts): why not, and what the user can do. */
function cutNext(problem: VoiceProblem, t: Translate): string {
  if (problem.renewal === 'repeated') return t('voice.problem.next.repeated')
  switch (problem.code) {
    case 'insufficient_balance':
      return t('voice.problem.next.wallet')
    case 'max_spend_reached':
      return t('voice.problem.next.spendCap')
    case 'key_revoked':
      return t('voice.problem.next.key')
    default:
      return t('voice.problem.startAgain')
  }
}

export function warningText(
  warning: VoiceWarning,
  minutesLeft: number | null,
  lang: Language,
  t: Translate,
): string {
  switch (warning.kind) {
    case 'low_balance': {
      const balance = formatVnd(warning.balanceVnd ?? Number.NaN, lang)
      return minutesLeft === null
        ? t('voice.warning.lowBalance', { balance })
        : t('voice.warning.lowBalanceMinutes', { balance, minutes: minutesText(minutesLeft, lang, t) })
    }
    case 'max_spend':
      return t('voice.warning.maxSpend', {
        percent: formatNumber(Math.round(warning.usedPercent ?? 0), lang),
        total: formatVnd(warning.totalVnd ?? Number.NaN, lang),
        cap: formatVnd(warning.maxSpendVnd ?? Number.NaN, lang),
      })
    case 'audio_dropped':
      return t('voice.warning.audioDropped', { ms: formatNumber(warning.droppedMs ?? 0, lang) })
    case 'video': {
      const reason = warning.reason === 'stopped' || warning.reason === 'elapsed' ? warning.reason : 'started'
      return t(`voice.warning.video.${reason}`)
    }
    case 'renewed': {
      const reason = warning.reason ?? null
      const why = isOneOf(TERMINATION_REASONS, reason) ? t(`voice.terminated.${reason}`) : (reason ?? '?')
      return t('voice.warning.renewed', { why: why.replace(/\.$/, '') })
    }
  }
}

/** "≈ 12 phút", "< 1 phút": whole minutes counted down, so the figure never promises more than there is. */
export function minutesText(minutes: number, lang: Language, t: Translate): string {
  if (!Number.isFinite(minutes)) return '—'
  if (minutes < 1) return t('voice.minutes.underOne')
  return t('voice.minutes.about', { minutes: formatNumber(Math.floor(minutes), lang) })
}

/** Why a past session ended; a session still running has no reason yet. */
export function endReasonText(reason: string | null, t: Translate): string {
  if (reason === null) return t('voice.endReason.active')
  return isOneOf(END_REASONS, reason) ? t(`voice.endReason.${reason}`) : reason
}
