// The colours a chart is drawn with, read from the theme's CSS variables: a canvas cannot use CSS, so the
// chart reads them again whenever the theme changes.

export interface ChartTheme {
  text: string
  muted: string
  grid: string
  surface: string
  fontFamily: string
  /** Series colours, from `--chart-1`, `--chart-2`, ... on the chart's own element. */
  series: string[]
  reducedMotion: boolean
}

const SERIES_COUNT = 2

export function readChartTheme(el: Element): ChartTheme {
  const style = getComputedStyle(el)
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback
  return {
    text: read('--text', '#17191c'),
    muted: read('--text-muted', '#5b616b'),
    grid: read('--border', '#dde1e6'),
    surface: read('--surface', '#ffffff'),
    fontFamily: style.fontFamily || 'system-ui, sans-serif',
    series: Array.from({ length: SERIES_COUNT }, (_, i) => read(`--chart-${i + 1}`, '#0f766e')),
    reducedMotion: globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false,
  }
}
