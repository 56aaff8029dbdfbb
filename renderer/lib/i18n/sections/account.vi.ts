// Vietnamese strings of the account views.
export const accountVi = {} as const
