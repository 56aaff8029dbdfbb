import type { usageModelVi } from './usage-model.vi'

export const usageModelEn: Record<keyof typeof usageModelVi, string> = {
  'usage.model.open': 'Show details of {model}',
  'usage.model.back': '← All models',
  'usage.model.title': 'Model {model}',
  'usage.model.provider': 'Provider: {provider}',
  'usage.model.totals':
    'The totals the service reports for this model (not limited to the span chosen above).',
  'usage.model.requests': 'Requests',
  'usage.model.tokens': 'Tokens',
  'usage.model.cost': 'Cost',
  'usage.model.gone':
    'The per-model list, just reloaded, no longer has this model, so its figures are unknown.',
  'usage.model.recent': 'Recent requests of this model',
  'usage.model.recentTotals': '{requests} requests listed: {cost}, {tokens} tokens.',
  'usage.model.none': 'None of the latest {limit} requests used this model.',
  'usage.model.truncated':
    'This model has {held} requests; only {shown} of them are among the latest {limit} requests the service lists, so {missing} are not shown here.',
  'usage.model.matching': 'Loading the model catalog to tell which requests are this model’s…',
}
