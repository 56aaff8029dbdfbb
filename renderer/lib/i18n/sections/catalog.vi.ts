// Vietnamese strings of the catalog views.
export const catalogVi = {} as const
