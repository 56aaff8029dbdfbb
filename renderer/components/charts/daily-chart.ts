// The usage window's daily chart: cost as bars on the left axis, tokens as a line on the right.
import type { ChartConfiguration, TooltipItem } from 'chart.js'
import type { Language } from '../../../preload/contract'
import { formatNumber, formatVnd } from '../../lib/format'
import type { DailyUsageItem } from '../account/shapes'
import type { Translate } from '../account/translate'
import { axisCount, axisVnd, formatDay } from './axis-format'
import { baseOptions } from './chart-options'
import type { ChartTheme } from './chart-theme'

export type DailyChartConfig = ChartConfiguration<'bar' | 'line', number[], string>

export function dailyChartConfig(
  items: readonly DailyUsageItem[],
  theme: ChartTheme,
  lang: Language,
  t: Translate,
): DailyChartConfig {
  const [costColour, tokensColour] = theme.series
  const base = baseOptions(theme)
  const longSpan = items.length > 60
  return {
    type: 'bar',
    data: {
      labels: items.map((d) => formatDay(d.date, lang, longSpan)),
      datasets: [
        {
          type: 'bar',
          label: t('usage.chart.cost'),
          data: items.map((d) => d.totalCostVND),
          yAxisID: 'cost',
          backgroundColor: costColour,
          borderRadius: 2,
          order: 2,
        },
        {
          type: 'line',
          label: t('usage.chart.tokens'),
          data: items.map((d) => d.totalTokens),
          yAxisID: 'tokens',
          borderColor: tokensColour,
          backgroundColor: tokensColour,
          borderWidth: 2,
          pointRadius: items.length > 31 ? 0 : 2,
          tension: 0.25,
          order: 1,
        },
      ],
    },
    options: {
      ...base,
      interaction: { mode: 'index', intersect: false },
      scales: {
        x: {
          grid: { display: false },
          ticks: { color: theme.muted, autoSkip: true, maxRotation: 0, autoSkipPadding: 12 },
          border: { color: theme.grid },
        },
        cost: {
          type: 'linear',
          position: 'left',
          beginAtZero: true,
          grid: { color: theme.grid },
          border: { display: false },
          ticks: { color: theme.muted, callback: (v) => axisVnd(v, lang) },
        },
        tokens: {
          type: 'linear',
          position: 'right',
          beginAtZero: true,
          grid: { drawOnChartArea: false },
          border: { display: false },
          ticks: { color: theme.muted, callback: (v) => axisCount(v, lang) },
        },
      },
      plugins: {
        ...base.plugins,
        tooltip: {
          ...base.plugins.tooltip,
          callbacks: {
            title: (tips) => {
              const day = items[tips[0]?.dataIndex ?? -1]
              return day ? formatDay(day.date, lang, true) : ''
            },
            label: (item: TooltipItem<'bar' | 'line'>) =>
              item.dataset.yAxisID === 'cost'
                ? `${item.dataset.label}: ${formatVnd(item.parsed.y ?? 0, lang)}`
                : `${item.dataset.label}: ${formatNumber(item.parsed.y ?? 0, lang)}`,
          },
        },
      },
    },
  }
}
