// Reader data for renderer tests: one model of each kind the spec describes (tts-api.md, group table),
// their voices, estimates, readings and history items, and a fake bridge wired to answer them.
import type {
  ReaderAudio,
  ReaderEstimate,
  ReaderFormat,
  ReaderFormatOption,
  ReaderHistoryItem,
  ReaderModel,
  ReaderModels,
  ReaderVoices,
  ReadingStatus,
  Settings,
} from '../../preload/contract'
import type { FakeBridge } from './account-fake-bridge'
import { settingsWith } from './voice-fixtures'

const ALL: ReaderFormat[] = ['mp3', 'wav', 'pcm', 'opus', 'aac', 'flac', 'ogg']
const JOINABLE = ['mp3', 'wav', 'pcm']

function formats(id: string, made: ReaderFormat[]): ReaderFormatOption[] {
  return ALL.map((format) => ({
    format,
    disabledReason: made.includes(format) ? null : `${id} produces only ${made.join(', ')}; not '${format}'.`,
    joinable: JOINABLE.includes(format),
  }))
}

function model(
  patch: Partial<ReaderModel> & Pick<ReaderModel, 'id' | 'group'>,
  made: ReaderFormat[],
): ReaderModel {
  return {
    name: null,
    free: false,
    unitPriceVndPer1M: 400_000,
    freeCharsPerMonth: 0,
    maxInputChars: 5000,
    maxInputApproximate: true,
    formats: formats(patch.id, made),
    speed: { mode: 'range', min: 0.25, max: 4 },
    voiceRequired: true,
    voiceKind: 'list',
    vietnamese: 'native',
    closedReason: null,
    closed: null,
    allowedForKey: true,
    ...patch,
  }
}

export const A = model(
  { id: 'openai/tts-1', group: 'A', name: 'TTS 1', maxInputChars: 4096, maxInputApproximate: false },
  ['mp3', 'opus', 'aac', 'flac', 'wav'],
)
export const G = model(
  {
    id: 'google/gemini-2.5-flash-tts',
    group: 'G',
    voiceKind: 'fallback',
    speed: { mode: 'ignored', min: 1, max: 1 },
  },
  ['mp3', 'wav', 'ogg'],
)
export const FREE = model(
  {
    id: 'free/tts',
    group: 'free',
    free: true,
    unitPriceVndPer1M: 0,
    maxInputChars: null,
    voiceKind: 'language_code',
  },
  ['mp3'],
)
export const CLASSIC = model(
  {
    id: 'google/standard',
    group: 'classic',
    voiceKind: 'pattern',
    unitPriceVndPer1M: 100_000,
    freeCharsPerMonth: 4_000_000,
  },
  ['mp3', 'wav', 'ogg'],
)
export const V3 = model(
  {
    id: 'elevenlabs/eleven_v3',
    group: 'v3',
    unitPriceVndPer1M: null,
    speed: { mode: 'clamp', min: 0.7, max: 1.2 },
  },
  ['mp3', 'opus', 'pcm'],
)
export const M9 = model(
  {
    id: 'elevenlabs/eleven-flash-v2.5',
    group: 'multi',
    voiceRequired: false,
    vietnamese: 'poor',
    speed: { mode: 'fixed', min: 1, max: 1 },
  },
  ['mp3', 'pcm'],
)

export const readerModels: ReaderModels = {
  plan: 'BASIC',
  models: [A, G, FREE, CLASSIC, V3, M9],
  defaultModel: A.id,
}

const voice = (id: string, language: string | null = 'en', hasPreview = true) => ({
  id,
  name: id,
  language,
  gender: 'female',
  accent: null,
  hasPreview,
})

export const voiceLists: Record<string, ReaderVoices> = {
  [A.id]: { model: A.id, voices: [voice('alloy'), voice('nova')], defaultVoice: 'alloy', aliases: {} },
  [G.id]: {
    model: G.id,
    voices: [voice('Kore', null, false), voice('Puck', null, false)],
    defaultVoice: 'Kore',
    aliases: { nova: 'Leda' },
  },
  [V3.id]: {
    model: V3.id,
    voices: [voice('vi-north-voice-00000', 'vi'), voice('en-voice-0000000000', 'en')],
    defaultVoice: null,
    aliases: { nova: 'nova' },
  },
  [M9.id]: { model: M9.id, voices: [voice('rachel'), voice('adam')], defaultVoice: 'rachel', aliases: {} },
}

export function estimate(patch: Partial<ReaderEstimate> = {}): ReaderEstimate {
  return {
    chars: 11,
    chunks: 1,
    costVnd: 4.4,
    freeChars: 0,
    free: false,
    balanceVnd: 50_000,
    affordable: true,
    problems: [],
    notes: [],
    poorVietnamese: false,
    ...patch,
  }
}

/** A reading of `count` chunks of 10 characters (READING_TEXT's pieces), the first `ready` with audio. */
export function reading(
  patch: Partial<ReadingStatus> & { ready?: number; count?: number } = {},
): ReadingStatus {
  const { ready = 0, count = 3, ...rest } = patch
  const chunks = Array.from({ length: count }, (_, index) => ({
    index,
    start: index * 11,
    end: index * 11 + 10,
    chars: 10,
    ready: index < ready,
    costVnd: index < ready ? 4 : null,
  }))
  return {
    id: 'rd_1',
    state: 'running',
    model: A.id,
    voice: 'alloy',
    format: 'mp3',
    speed: 1,
    chunks,
    chunksDone: ready,
    chunkCount: count,
    charsDone: ready * 10,
    charsTotal: count * 10,
    spentVnd: ready * 4,
    estimateVnd: count * 4,
    error: null,
    wait: null,
    startedAt: '2026-11-22T05:00:00.000Z',
    ...rest,
  }
}

/** Three ten-character pieces, one space apart: chunk i is [11 i, 11 i + 10). */
export const READING_TEXT = 'Một câu A. Một câu B. Một câu C.'

export function historyItem(patch: Partial<ReaderHistoryItem> = {}): ReaderHistoryItem {
  return {
    id: 'rd_old',
    createdAt: '2026-11-22T04:00:00.000Z',
    model: A.id,
    voice: 'alloy',
    format: 'mp3',
    chars: 1234,
    costVnd: 493.6,
    chunkCount: 1,
    preview: 'Hà Nội mùa thu',
    expiresAt: null,
    inMemory: false,
    downloadable: true,
    gone: null,
    ...patch,
  }
}

export const pcmAudio: ReaderAudio = {
  data: btoa(String.fromCharCode(...new Uint8Array(4800 * 2))),
  contentType: 'audio/pcm',
  format: 'pcm',
  sampleRateHz: 24_000,
}

export function readerSettings(tts: Partial<Settings['tts']> = {}): Settings {
  const base = settingsWith()
  return { ...base, tts: { model: A.id, voice: 'alloy', format: 'mp3', speed: 1, ...tts } }
}

/** Answers every reader request with the fixtures; tests replace what they need. */
export function answerReader(bridge: FakeBridge): void {
  bridge.answer('tts:models', () => readerModels)
  bridge.answer('tts:voices', (req) => voiceLists[(req as { model: string }).model])
  bridge.answer('tts:snapshot', () => ({ reading: null, text: '' }))
  bridge.answer('tts:history', () => [])
  bridge.answer('tts:estimate', () => estimate())
  bridge.answer('tts:audio', () => pcmAudio)
}
