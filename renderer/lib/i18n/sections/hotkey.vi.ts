export const hotkeyVi = {} as const
