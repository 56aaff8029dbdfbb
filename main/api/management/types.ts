// Every data shape of the management API, types only: what the IPC contract may name.
export type { Glance, GlancePart, Part, AccountUpdate } from './glance'
export type { AccountAccess } from './access'
export type * from './schemas/account'
export type * from './schemas/catalog'
export type * from './schemas/pools'
export type { ModelDetail } from './schemas/model-detail'
export type { ModelDiscount, Open, PlanDiscounts } from './schemas/common'
