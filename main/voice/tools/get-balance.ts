// get_balance: the wallet and the plan, from the management API's /me.
import { readTool } from './tool'

export const getBalance = readTool(
  'get_balance',
  "The user's wallet balance in VND (total, real money and bonus), their plan and when the plan expires.",
  async (deps) => {
    const me = await deps.management().me({ priority: 'foreground' })
    return {
      balanceVnd: me.balance.totalVND,
      realVnd: me.balance.realVND,
      bonusVnd: me.balance.bonusVND,
      plan: me.plan,
      planExpiresAt: me.planExpiresAt,
    }
  },
)
