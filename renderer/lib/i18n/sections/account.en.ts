import type { accountVi } from './account.vi'

export const accountEn: Record<keyof typeof accountVi, string> = {}
