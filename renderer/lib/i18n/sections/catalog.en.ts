import type { catalogVi } from './catalog.vi'

export const catalogEn: Record<keyof typeof catalogVi, string> = {}
