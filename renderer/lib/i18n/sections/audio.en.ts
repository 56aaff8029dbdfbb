import type { audioVi } from './audio.vi'

export const audioEn: Record<keyof typeof audioVi, string> = {}
