export const voiceVi = {} as const
