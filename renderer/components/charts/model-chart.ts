// The usage window's per-model chart: the costliest models as horizontal bars.
import type { ChartConfiguration } from 'chart.js'
import type { Language } from '../../../preload/contract'
import { formatVnd } from '../../lib/format'
import type { Translate } from '../account/translate'
import type { ModelUsageItem } from '../usage/shapes'
import { axisVnd } from './axis-format'
import { baseOptions } from './chart-options'
import type { ChartTheme } from './chart-theme'

/** More bars than this turn into a comb; the table below lists every model. */
export const MODEL_CHART_BARS = 10

export type ModelChartConfig = ChartConfiguration<'bar', number[], string>

export function modelChartConfig(
  models: readonly ModelUsageItem[],
  theme: ChartTheme,
  lang: Language,
  t: Translate,
): ModelChartConfig {
  const top = [...models].sort((a, b) => b.totalCostVND - a.totalCostVND).slice(0, MODEL_CHART_BARS)
  const base = baseOptions(theme)
  return {
    type: 'bar',
    data: {
      labels: top.map((m) => m.modelName),
      datasets: [
        {
          label: t('usage.chart.cost'),
          data: top.map((m) => m.totalCostVND),
          backgroundColor: theme.series[0],
          borderRadius: 2,
        },
      ],
    },
    options: {
      ...base,
      indexAxis: 'y',
      scales: {
        x: {
          beginAtZero: true,
          grid: { color: theme.grid },
          border: { display: false },
          ticks: { color: theme.muted, callback: (v) => axisVnd(v, lang) },
        },
        y: { grid: { display: false }, ticks: { color: theme.text }, border: { color: theme.grid } },
      },
      plugins: {
        ...base.plugins,
        legend: { display: false },
        tooltip: {
          ...base.plugins.tooltip,
          callbacks: { label: (item) => formatVnd(item.parsed.x ?? 0, lang) },
        },
      },
    },
  }
}
