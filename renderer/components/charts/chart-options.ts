// What every Loa chart shares: it fills its box, follows the theme's colours and font, and does not
// animate for people who asked for less motion.
import type { Chart, ChartConfiguration, ChartType } from 'chart.js'
import type { ChartTheme } from './chart-theme'

export function baseOptions(theme: ChartTheme) {
  return {
    responsive: true,
    maintainAspectRatio: false,
    animation: theme.reducedMotion ? (false as const) : { duration: 250 },
    color: theme.text,
    font: { family: theme.fontFamily },
    plugins: {
      legend: {
        labels: { color: theme.text, boxWidth: 12, boxHeight: 12, font: { family: theme.fontFamily } },
      },
      tooltip: {
        backgroundColor: theme.surface,
        titleColor: theme.text,
        bodyColor: theme.text,
        borderColor: theme.grid,
        borderWidth: 1,
      },
    },
  }
}

/** Applies a new configuration to a live chart without rebuilding it. */
export function applyConfig<TType extends ChartType, TData, TLabel>(
  chart: Chart<TType, TData, TLabel>,
  config: ChartConfiguration<TType, TData, TLabel>,
): void {
  chart.data = config.data
  if (config.options) chart.options = config.options
  chart.update()
}
