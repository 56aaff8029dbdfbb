import { describe, expect, it } from 'vitest'
import {
  catalogRows,
  emptyFilter,
  foldForSearch,
  isNarrowed,
  matchesFilter,
  providersOf,
  rowsOfKind,
  sortRows,
  visibleRows,
  type CatalogFilter,
  type CatalogRow,
} from '../../renderer/components/catalog/filter'
import { demoCatalogList } from './catalog-fixtures'

const rows = (kind: 'text' | 'image' | 'video' | 'embedding') => catalogRows(demoCatalogList(kind))
const ids = (list: readonly CatalogRow[]) => list.map((r) => r.id)
const filter = (over: Partial<CatalogFilter>): CatalogFilter => ({ ...emptyFilter(), ...over })

describe('catalog rows', () => {
  it('carry the VND figure each tab compares: per 1M input, per image, per second', () => {
    const text = rows('text').find((r) => r.id === 'gpt-4.1')!
    expect(text.priceVnd).toBe(49_500) // 2 USD × 27,500 less 10 %
    expect(text.contextTokens).toBe(1_047_576)

    const image = rows('image').find((r) => r.id === 'gpt-image-1')!
    expect(image.priceVnd).toBe(272)
    expect(image.contextTokens).toBeNull()

    const video = rows('video')
    expect(video.find((r) => r.id === 'veo-3')!.priceVnd).toBe(79_200 / 8)
    expect(video.find((r) => r.id === 'kling-2.1-master')!.priceVnd).toBe(55_440 / 8)
    // by_input_type has no VND from the API and no published discount: the cheapest type, undiscounted.
    expect(video.find((r) => r.id === 'sora-2-pro')!.priceVnd).toBeCloseTo(0.3 * 27_500, 6)

    const embedding = rows('embedding').find((r) => r.id === 'text-embedding-3-small')!
    expect(embedding.priceVnd).toBe(495)
    expect(embedding.contextTokens).toBe(8_191)
  })

  it('are empty while a tab has no value', () => {
    const list = demoCatalogList('text')
    expect(catalogRows({ ...list, list: { ...list.list, value: null } } as typeof list)).toEqual([])
  })

  it('list the providers once each, sorted', () => {
    expect(providersOf(rows('video'))).toEqual(['bytedance', 'google', 'kuaishou', 'openai'])
  })

  it('narrow to one kind with its type', () => {
    const mixed = [...rows('text'), ...rows('video')]
    expect(rowsOfKind(mixed, 'video').every((r) => r.video.shape)).toBe(true)
    expect(rowsOfKind(mixed, 'video')).toHaveLength(4)
  })
})

describe('search', () => {
  it('folds case and Vietnamese diacritics', () => {
    expect(foldForSearch('Mô Hình Đồng')).toBe('mo hinh dong')
  })

  it('looks in the name, id, provider and description, every word anywhere', () => {
    const text = rows('text')
    expect(ids(text.filter((r) => matchesFilter(r, filter({ query: 'GPT' }))))).toEqual([
      'gpt-4.1',
      'gpt-4.1-mini',
    ])
    expect(ids(text.filter((r) => matchesFilter(r, filter({ query: 'qwen/qwen3' }))))).toEqual([
      'qwen/qwen3-235b-a22b',
    ])
    expect(ids(text.filter((r) => matchesFilter(r, filter({ query: 'anthropic' })))).length).toBe(2)
    expect(ids(text.filter((r) => matchesFilter(r, filter({ query: 'one-million-token' }))))).toEqual([
      'gpt-4.1',
    ])
    expect(ids(text.filter((r) => matchesFilter(r, filter({ query: '  mini  openai ' }))))).toEqual([
      'gpt-4.1-mini',
      'o4-mini',
    ])
    expect(text.filter((r) => matchesFilter(r, filter({ query: 'gpt anthropic' })))).toEqual([])
  })
})

describe('filters', () => {
  it('keep only the chosen providers', () => {
    const got = rows('text').filter((r) => matchesFilter(r, filter({ providers: ['google', 'deepseek'] })))
    expect(new Set(got.map((r) => r.provider))).toEqual(new Set(['google', 'deepseek']))
    expect(got).toHaveLength(4)
  })

  it('keep vision models and a minimum context on the text tab', () => {
    const text = rows('text')
    const vision = text.filter((r) => matchesFilter(r, filter({ visionOnly: true })))
    expect(vision.length).toBeGreaterThan(0)
    expect(vision.every((r) => r.kind === 'text' && r.model.supports_vision)).toBe(true)
    expect(vision.length).toBeLessThan(text.length)
    const big = text.filter((r) => matchesFilter(r, filter({ minContextTokens: 1_000_000 })))
    expect(big.every((r) => r.contextTokens! >= 1_000_000)).toBe(true)
    expect(ids(big)).toContain('gpt-4.1')
    expect(ids(big)).not.toContain('o4-mini')
  })

  it('keep prices at or under the maximum, in the VND the rows show', () => {
    const image = rows('image')
    expect(ids(image.filter((r) => matchesFilter(r, filter({ maxPriceVnd: 990 }))))).toEqual([
      'gpt-image-1',
      'imagen-4',
      'flux-kontext-pro',
    ])
    expect(ids(image.filter((r) => matchesFilter(r, filter({ maxPriceVnd: 271 }))))).toEqual([])
    const video = rows('video')
    expect(ids(video.filter((r) => matchesFilter(r, filter({ maxPriceVnd: 1_000 }))))).toEqual([
      'seedance-1-pro',
    ])
  })

  it('know when anything but the sort narrows', () => {
    expect(isNarrowed(emptyFilter())).toBe(false)
    expect(isNarrowed(filter({ sort: 'price' }))).toBe(false)
    expect(isNarrowed(filter({ query: ' ' }))).toBe(false)
    expect(isNarrowed(filter({ maxPriceVnd: 0 }))).toBe(true)
    expect(isNarrowed(filter({ providers: ['openai'] }))).toBe(true)
  })
})

describe('sorting', () => {
  it('by name, by price (cheapest first) and by context (largest first)', () => {
    const text = rows('text')
    const byName = sortRows(text, 'name').map((r) => r.name)
    expect(byName).toEqual([...byName].sort((a, b) => a.localeCompare(b, undefined, { sensitivity: 'base' })))

    const byPrice = sortRows(text, 'price').map((r) => r.priceVnd!)
    expect(byPrice).toEqual([...byPrice].sort((a, b) => a - b))
    expect(sortRows(text, 'price')[0]!.id).toBe('llama-3.3-70b')

    const byContext = sortRows(text, 'context').map((r) => r.contextTokens!)
    expect(byContext).toEqual([...byContext].sort((a, b) => b - a))
  })

  it('puts unknown values last', () => {
    const [a, b] = rows('embedding')
    const unknown = { ...a!, priceVnd: null, name: 'AAA' }
    expect(sortRows([unknown, b!], 'price').map((r) => r.name)).toEqual([b!.name, 'AAA'])
  })

  it('applies after filtering', () => {
    expect(
      ids(visibleRows(rows('video'), filter({ providers: ['google', 'openai'], sort: 'price' }))),
    ).toEqual(['sora-2-pro', 'veo-3'])
  })
})
