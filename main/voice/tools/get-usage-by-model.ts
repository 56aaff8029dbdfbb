// get_usage_by_model: the account's spend per model, dearest first, from /usage/models.
import { readTool } from './tool'

/** The model reads the answer aloud: the top of the list is what matters. */
const TOP = 10

export const getUsageByModel = readTool(
  'get_usage_by_model',
  "The user's usage per model: VND spent, tokens and requests, the most expensive models first.",
  async (deps) => {
    const { data } = await deps.management().usageModels({ priority: 'foreground' })
    const sorted = [...data].sort((a, b) => b.totalCostVND - a.totalCostVND)
    return {
      models: sorted.slice(0, TOP).map((m) => ({
        model: m.modelName,
        costVnd: m.totalCostVND,
        tokens: m.totalTokens,
        requests: m.requestCount,
      })),
      moreModels: Math.max(0, sorted.length - TOP),
    }
  },
)
