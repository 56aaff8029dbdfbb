// Wallets and usage history. Every charge, from TTS or realtime, goes through here: it takes the bonus
// part of the wallet first, then the paid part, and appends the usage record that the management API reads.
import type { ChargeResult, DemoAccount, DemoLedger, UsageRecord } from '../context'
import { randomString, type Rng } from '../core/rng'
import { roundVnd } from './money'

export interface DemoLedgerStore extends DemoLedger {
  /** The account's usage records, newest `date` first. */
  records(account: DemoAccount): readonly UsageRecord[]
  /** Replaces the account's history (seeding). `records` must be newest first. */
  seedRecords(account: DemoAccount, records: UsageRecord[]): void
  /** Sets wallet parts; omitted parts stay as they are. */
  setWallet(account: DemoAccount, wallet: { realVND?: number; bonusVND?: number }): void
}

/** Index at which a record dated `date` keeps the list sorted newest first (after equal dates). */
function insertionIndex(list: UsageRecord[], date: string): number {
  let lo = 0
  let hi = list.length
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if ((list[mid] as UsageRecord).date >= date) lo = mid + 1
    else hi = mid
  }
  return lo
}

export function createLedger(rng: Rng): DemoLedgerStore {
  const history = new Map<string, UsageRecord[]>()
  const listFor = (account: DemoAccount) => {
    let list = history.get(account.id)
    if (!list) history.set(account.id, (list = []))
    return list
  }

  return {
    balanceVND: (account) => roundVnd(account.wallet.realVND + account.wallet.bonusVND),

    charge(account, amountVND, record): ChargeResult {
      if (!(amountVND >= 0) || !Number.isFinite(amountVND))
        throw new RangeError(`Bad charge amount ${amountVND}`)
      const amount = roundVnd(amountVND)
      const w = account.wallet
      if (amount > roundVnd(w.realVND + w.bonusVND)) return { ok: false, reason: 'insufficient_balance' }
      const fromBonus = Math.min(w.bonusVND, amount)
      w.bonusVND = roundVnd(w.bonusVND - fromBonus)
      w.realVND = roundVnd(w.realVND - (amount - fromBonus))
      const list = listFor(account)
      const full: UsageRecord = { id: `usg_${randomString(rng, 22)}`, ...record }
      list.splice(insertionIndex(list, full.date), 0, full)
      return { ok: true, balanceVND: roundVnd(w.realVND + w.bonusVND) }
    },

    records: (account) => listFor(account),

    seedRecords(account, records) {
      history.set(account.id, [...records])
    },

    setWallet(account, wallet) {
      if (wallet.realVND !== undefined) account.wallet.realVND = roundVnd(wallet.realVND)
      if (wallet.bonusVND !== undefined) account.wallet.bonusVND = roundVnd(wallet.bonusVND)
    },
  }
}
