// Voice chat data for renderer tests: statuses, lines, models and a VoiceAudio that records what it is
// asked to do.
import type {
  AudioSettings,
  KeyStatus,
  Settings,
  VoiceConversationSummary,
  VoiceHistory,
  VoiceLine,
  VoiceModels,
  VoiceSnapshot,
  VoiceStatus,
} from '../../preload/contract'
import { NO_LINKS } from '../../renderer/audio/rtc-stats'
import type { VoiceAudio } from '../../renderer/audio/voice-audio-api'

export function voiceStatus(patch: Partial<VoiceStatus> = {}): VoiceStatus {
  return {
    state: 'idle',
    pressed: false,
    session: null,
    cost: null,
    warning: null,
    problem: null,
    micWanted: false,
    mode: 'push-to-talk',
    ...patch,
  }
}

export function voiceLine(patch: Partial<VoiceLine> & Pick<VoiceLine, 'itemId' | 'order'>): VoiceLine {
  return { role: 'assistant', text: '', final: true, cancelled: false, atMs: 0, ...patch }
}

export function voiceSnapshot(patch: Partial<VoiceSnapshot> = {}): VoiceSnapshot {
  return { status: voiceStatus(), lines: [], lastSummary: null, ...patch }
}

export const voiceModels: VoiceModels = {
  plan: 'ADVANCED_PLUS',
  models: [
    {
      id: 'openai/gpt-realtime',
      name: 'GPT Realtime',
      protocol: 'model-r',
      voices: ['alloy', 'marin', 'cedar'],
      defaultVoice: 'marin',
      estimatedVndPerMin: 2709,
      maxSessionSec: 1800,
      defaultTransport: 'webrtc',
      tokenPricesVnd: {
        audioIn: 1_375_000,
        audioOut: 2_722_500,
        textIn: 110_000,
        textOut: 440_000,
        cachedIn: 11_000,
      },
      unavailable: null,
    },
    {
      id: 'google/gemini-live-2.5-flash',
      name: 'Gemini Live',
      protocol: 'live',
      voices: ['Puck', 'Kore'],
      defaultVoice: 'Puck',
      estimatedVndPerMin: 1200,
      maxSessionSec: 900,
      defaultTransport: 'websocket',
      tokenPricesVnd: {
        audioIn: 137_500,
        audioOut: 550_000,
        textIn: 13_750,
        textOut: 55_000,
        cachedIn: null,
      },
      unavailable: null,
    },
  ],
}

export function voiceSummary(patch: Partial<VoiceConversationSummary> = {}): VoiceConversationSummary {
  return { durationMs: 65_000, costVnd: 2950, turns: 3, responses: 3, sessions: [], ...patch }
}

export const voiceHistory: VoiceHistory = {
  sessions: [
    {
      id: 'rs_2',
      model: 'openai/gpt-realtime',
      totalVnd: 2950,
      durationSec: 65,
      endReason: 'client_deleted',
      startedAt: '2026-11-22T05:00:00.000Z',
    },
    {
      id: 'rs_1',
      model: 'google/gemini-live-2.5-flash',
      totalVnd: 500,
      durationSec: 25,
      endReason: 'insufficient_balance',
      startedAt: '2026-11-21T05:00:00.000Z',
    },
  ],
  totalVnd: 3450,
  knownTotalVnd: 3450,
  totalDurationSec: 90,
}

export function settingsWith(
  patch: { soundCues?: boolean; realtime?: Partial<Settings['realtime']>; talkKey?: string } = {},
) {
  const audio: AudioSettings = {
    inputDeviceLabel: null,
    outputDeviceLabel: null,
    echoCancellation: true,
    noiseSuppression: true,
    autoGainControl: true,
    soundCues: patch.soundCues ?? true,
  }
  return {
    language: 'vi',
    theme: 'light',
    audio,
    hotkeys: {
      talk: patch.talkKey ?? 'CommandOrControl+Shift+Space',
      readSelection: 'CommandOrControl+Shift+R',
    },
    realtime: {
      model: null,
      voice: null,
      instructions: '',
      mode: 'push-to-talk',
      modalities: ['audio'],
      transport: 'auto',
      maxDurationSec: null,
      ...patch.realtime,
    },
  } as unknown as Settings
}

export interface FakeAudio extends VoiceAudio {
  /** Every call, in order: `openMic`, `closeMic`, `flush`, `cue:start`, `configure`, `rtc:open`, ... */
  log: string[]
}

export function fakeAudio(onFlush?: () => void): FakeAudio {
  const log: string[] = []
  return {
    log,
    micOpen: false,
    level: 0,
    devices: { inputs: [], outputs: [] },
    inputLabel: null,
    outputLabel: null,
    error: null,
    start: async () => void log.push('start'),
    configure: async () => void log.push('configure'),
    openMic: async () => void log.push('openMic'),
    closeMic: () => void log.push('closeMic'),
    flushPlayback: () => {
      onFlush?.()
      log.push('flush')
    },
    playCue: (kind) => void log.push(`cue:${kind}`),
    handleRtc: (command) => void log.push(`rtc:${command.op}`),
    rtc: NO_LINKS,
    rtcStats: async () => NO_LINKS,
    dispose: () => void log.push('dispose'),
  }
}

/** The key status main reports: the user's own key at `baseUrl`, or the embedded demo (which has no site). */
export function keyStatusFor(baseUrl: string, demo: boolean): KeyStatus {
  return {
    hasKey: !demo,
    hint: demo ? null : 'ab12',
    demo,
    baseUrl,
    storage: 'keychain',
    storageWarning: null,
  }
}
