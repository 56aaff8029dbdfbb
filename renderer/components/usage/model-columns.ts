// The columns of the per-model table.
import type { Language } from '../../../preload/contract'
import { formatNumber, formatVnd } from '../../lib/format'
import type { Translate } from '../account/translate'
import type { ModelUsageItem } from './shapes'
import { csvVnd, type TableColumn } from './table-column'

export function modelColumns(lang: Language, t: Translate): TableColumn<ModelUsageItem>[] {
  return [
    {
      id: 'model',
      label: t('usage.col.model'),
      numeric: false,
      sortValue: (m) => m.modelName,
      text: (m) => m.modelName,
      csv: (m) => m.modelName,
    },
    {
      id: 'provider',
      label: t('usage.col.provider'),
      numeric: false,
      sortValue: (m) => m.provider,
      text: (m) => m.provider,
      csv: (m) => m.provider,
    },
    {
      id: 'requests',
      label: t('usage.col.requests'),
      numeric: true,
      sortValue: (m) => m.requestCount,
      text: (m) => formatNumber(m.requestCount, lang),
      csv: (m) => m.requestCount,
    },
    {
      id: 'tokens',
      label: t('usage.col.tokens'),
      numeric: true,
      sortValue: (m) => m.totalTokens,
      text: (m) => formatNumber(m.totalTokens, lang),
      csv: (m) => m.totalTokens,
    },
    {
      id: 'cost',
      label: t('usage.col.cost'),
      numeric: true,
      sortValue: (m) => m.totalCostVND,
      text: (m) => formatVnd(m.totalCostVND, lang),
      csvHeader: t('usage.csv.vndHeader', { label: t('usage.col.cost') }),
      csv: (m) => csvVnd(m.totalCostVND),
    },
  ]
}
