import type { voiceVi } from './voice.vi'

export const voiceEn: Record<keyof typeof voiceVi, string> = {}
