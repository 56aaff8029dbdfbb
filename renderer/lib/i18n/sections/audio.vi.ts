export const audioVi = {} as const
