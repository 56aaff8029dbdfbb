// The usage window's data shapes, named from the contract's responses.
import type { ResponseOf } from '../../../preload/contract'

type ValueOf<P> = P extends { value: infer T | null } ? T : never

export type UsagePage = ValueOf<ResponseOf<'usage:records'>>
export type UsageRecord = UsagePage['data'][number]
export type ModelUsage = ValueOf<ResponseOf<'usage:models'>>
export type ModelUsageItem = ModelUsage['data'][number]
