import { describe, expect, it } from 'vitest'
import type {
  CatalogKind,
  CatalogList,
  Glance,
  IpcResult,
  ReaderModels,
  VoiceModels,
} from '../../preload/contract'
import type { ModelDetail } from '../../renderer/lib/pricing'
import { CatalogStore, type CatalogApi } from '../../renderer/stores/catalog.svelte'
import { demoCatalogList, demoLists, part, speechModel } from './catalog-fixtures'

const ok = <T>(value: T): IpcResult<T> => ({ ok: true, value })

interface Deferred<T> {
  promise: Promise<T>
  resolve: (value: T) => void
  reject: (reason: Error) => void
}

function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void
  let reject!: (reason: Error) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

/** A bridge whose answers the test releases one by one, recording every call. */
function fakeApi(plan: string | null = 'ADVANCED_PLUS') {
  const calls: string[] = []
  const pending: Array<{ call: string; answer: Deferred<IpcResult<unknown>> }> = []
  const api: CatalogApi = {
    list: ({ kind }) => {
      calls.push(`list:${kind}`)
      const answer = deferred<IpcResult<unknown>>()
      pending.push({ call: `list:${kind}`, answer })
      return answer.promise as Promise<IpcResult<CatalogList>>
    },
    model: ({ id }) => {
      calls.push(`model:${id}`)
      const answer = deferred<IpcResult<unknown>>()
      pending.push({ call: `model:${id}`, answer })
      return answer.promise as Promise<IpcResult<ModelDetail>>
    },
    glance: async () => {
      calls.push('glance')
      return ok({ me: part(plan === null ? null : { plan }) } as unknown as Glance)
    },
    speech: () => {
      calls.push('speech')
      const answer = deferred<IpcResult<unknown>>()
      pending.push({ call: 'speech', answer })
      return answer.promise as Promise<IpcResult<ReaderModels>>
    },
    realtime: () => {
      calls.push('realtime')
      const answer = deferred<IpcResult<unknown>>()
      pending.push({ call: 'realtime', answer })
      return answer.promise as Promise<IpcResult<VoiceModels>>
    },
  }
  const answer = (call: string, result: IpcResult<unknown> | Error) => {
    const i = pending.findIndex((p) => p.call === call)
    if (i < 0) throw new Error(`no pending ${call}`)
    const [p] = pending.splice(i, 1)
    if (result instanceof Error) p!.answer.reject(result)
    else p!.answer.resolve(result)
  }
  return { api, calls, answer }
}

const readerModels: ReaderModels = {
  plan: 'ADVANCED_PLUS',
  defaultModel: 'openai/tts-1',
  models: [
    speechModel('openai/tts-1', 412_500),
    speechModel('free/tts', 0),
    speechModel('elevenlabs/eleven-flash-v2.5', null),
  ],
}
const voiceModel = (id: string, estimatedVndPerMin: number | null): VoiceModels['models'][number] => ({
  id,
  name: null,
  protocol: 'model-r',
  voices: ['alloy'],
  defaultVoice: 'alloy',
  estimatedVndPerMin,
  maxSessionSec: 3_600,
  defaultTransport: 'webrtc',
  tokenPricesVnd: { audioIn: null, audioOut: null, textIn: null, textOut: null, cachedIn: null },
  unavailable: estimatedVndPerMin === null ? 'no_price_table' : null,
})
const voiceModels: VoiceModels = {
  plan: 'ADVANCED_PLUS',
  models: [voiceModel('vendor/unpriced', null), voiceModel('openai/gpt-realtime', 2_723)],
}

const settle = () => new Promise((r) => setTimeout(r, 0))
const answerList = (kind: CatalogKind) => ok(demoCatalogList(kind))

describe('loading tabs', () => {
  it('loads a tab the first time it is shown and keeps it', async () => {
    const { api, calls, answer } = fakeApi()
    const store = new CatalogStore(api)
    store.useAccount('a')
    const first = store.ensure('text')
    expect(store.tab('text').loading).toBe(true)
    void store.ensure('text') // already on its way: no second call
    answer('list:text', answerList('text'))
    await first
    expect(store.tab('text')).toMatchObject({ loading: false, error: null })
    expect(store.tab('text').rows).toHaveLength(demoLists().text.data.length)
    await store.ensure('text')
    expect(calls.filter((c) => c === 'list:text')).toHaveLength(1)

    store.select('video')
    expect(store.active).toBe('video')
    answer('list:video', answerList('video'))
    await settle()
    expect(store.tab('video').rows.map((r) => r.id)).toContain('sora-2-pro')
    store.select('text')
    expect(calls.filter((c) => c.startsWith('list:'))).toEqual(['list:text', 'list:video'])
  })

  it('keeps what failed, and a retry replaces it', async () => {
    const { api, answer } = fakeApi()
    const store = new CatalogStore(api)
    store.useAccount('a')
    const loading = store.load('image')
    answer('list:image', {
      ok: false,
      error: { kind: 'account_locked', message: 'This account is disabled.' },
    })
    await loading
    expect(store.tab('image')).toMatchObject({ list: null, loading: false })
    expect(store.tab('image').error).toEqual({ kind: 'account_locked', message: 'This account is disabled.' })

    const retry = store.load('image')
    expect(store.tab('image').error).toBeNull()
    answer('list:image', answerList('image'))
    await retry
    expect(store.tab('image').rows).toHaveLength(4)
  })

  it('loads the speech and realtime tabs from their own lists, one row per model', async () => {
    const { api, calls, answer } = fakeApi()
    const store = new CatalogStore(api)
    store.useAccount('a')
    const speech = store.load('speech')
    answer('speech', ok(readerModels))
    await speech
    expect(store.tab('speech').rows.map((r) => [r.id, r.provider, r.priceVnd])).toEqual([
      ['openai/tts-1', 'openai', 412_500],
      ['free/tts', 'free', 0],
      ['elevenlabs/eleven-flash-v2.5', 'elevenlabs', null],
    ])
    expect(store.tab('speech').list?.list.value).toBe(readerModels)

    const realtime = store.load('realtime')
    answer('realtime', { ok: false, error: { kind: 'network', message: 'offline', requestId: 'req_1' } })
    await realtime
    expect(store.tab('realtime')).toMatchObject({ list: null, rows: [], error: { requestId: 'req_1' } })
    const retry = store.load('realtime')
    answer('realtime', ok(voiceModels))
    await retry
    expect(store.tab('realtime').rows.map((r) => [r.id, r.priceVnd])).toEqual([
      ['vendor/unpriced', null],
      ['openai/gpt-realtime', 2_723],
    ])
    // Sorted by price, the unknown one comes last.
    store.filters.realtime.sort = 'price'
    expect(store.visible('realtime').map((r) => r.id)).toEqual(['openai/gpt-realtime', 'vendor/unpriced'])
    expect(calls.filter((c) => c.startsWith('list:'))).toEqual([])
  })

  it('turns a bridge that throws into an internal error instead of an unhandled rejection', async () => {
    const { api, answer } = fakeApi()
    const store = new CatalogStore(api)
    store.useAccount('a')
    const loading = store.load('text')
    answer('list:text', new Error('socket closed'))
    await loading
    expect(store.tab('text').error).toEqual({ kind: 'internal', message: 'socket closed' })
  })

  it('keeps the cached list when a reload fails', async () => {
    const { api, answer } = fakeApi()
    const store = new CatalogStore(api)
    store.useAccount('a')
    const first = store.load('embedding')
    answer('list:embedding', answerList('embedding'))
    await first
    const again = store.load('embedding')
    answer('list:embedding', { ok: false, error: { kind: 'network', message: 'offline' } })
    await again
    expect(store.tab('embedding').rows).toHaveLength(3)
    expect(store.tab('embedding').error?.kind).toBe('network')
  })

  it('starts over for another account and drops answers meant for the previous one', async () => {
    const { api, calls, answer } = fakeApi()
    const store = new CatalogStore(api)
    store.useAccount('a')
    const late = store.load('text')
    store.filters.text.query = 'gpt'
    store.useAccount('a') // same account: nothing happens
    expect(calls.filter((c) => c === 'glance')).toHaveLength(1)
    store.useAccount('b')
    answer('list:text', answerList('text'))
    await late
    expect(store.tab('text').list).toBeNull()
    expect(store.tab('text').loading).toBe(false)
    expect(calls.filter((c) => c === 'glance')).toHaveLength(2)
  })
})

describe('filters in the store', () => {
  it('narrow and sort the visible rows per tab, and clearing keeps the sort', async () => {
    const { api, answer } = fakeApi()
    const store = new CatalogStore(api)
    store.useAccount('a')
    const loading = store.load('text')
    answer('list:text', answerList('text'))
    await loading
    expect(store.providers('text')).toContain('anthropic')
    store.filters.text.providers = ['anthropic']
    store.filters.text.sort = 'price'
    expect(store.visible('text').map((r) => r.id)).toEqual(['claude-haiku-4-5', 'claude-sonnet-4-5'])
    expect(store.visible('image')).toEqual([])
    store.resetFilter('text')
    expect(store.filters.text.providers).toEqual([])
    expect(store.filters.text.sort).toBe('price')
    expect(store.visible('text')).toHaveLength(store.tab('text').rows.length)
  })
})

describe('model detail', () => {
  it("shows the list's copy at once, then the detail from catalog:model", async () => {
    const { api, calls, answer } = fakeApi()
    const store = new CatalogStore(api)
    store.useAccount('a')
    const loading = store.load('video')
    answer('list:video', answerList('video'))
    await loading

    const opening = store.openModel('kling-2.1-master')
    expect(store.detail).toMatchObject({ id: 'kling-2.1-master', loading: true, value: null })
    expect(store.detail?.row?.kind).toBe('video')
    const model = demoLists().video.data.find((m) => m.model_id === 'kling-2.1-master')!
    answer('model:kling-2.1-master', ok({ kind: 'video', model }))
    await opening
    expect(store.detail).toMatchObject({ loading: false, error: null, value: { kind: 'video' } })
    expect(calls).toContain('model:kling-2.1-master')

    store.closeModel()
    expect(store.detail).toBeNull()
  })

  it('keeps the error, and ignores an answer for a model no longer open', async () => {
    const { api, answer } = fakeApi()
    const store = new CatalogStore(api)
    store.useAccount('a')
    const first = store.openModel('unknown-model')
    expect(store.detail?.row).toBeNull()
    const second = store.openModel('gpt-4.1')
    answer('model:unknown-model', { ok: false, error: { kind: 'not_found', message: 'no such model' } })
    await first
    expect(store.detail).toMatchObject({ id: 'gpt-4.1', loading: true, error: null })
    answer('model:gpt-4.1', {
      ok: false,
      error: { kind: 'rate_limit', message: 'slow down', retryAfterMs: 3000 },
    })
    await second
    expect(store.detail).toMatchObject({ id: 'gpt-4.1', loading: false, value: null })
    expect(store.detail?.error?.kind).toBe('rate_limit')
  })
})

describe('plan', () => {
  it('comes from the account glance, and stays unknown when the account has none', async () => {
    const withPlan = new CatalogStore(fakeApi('BASIC').api)
    withPlan.useAccount('a')
    await settle()
    expect(withPlan.plan).toBe('BASIC')

    const reseller = new CatalogStore(fakeApi(null).api)
    reseller.useAccount('r')
    await settle()
    expect(reseller.plan).toBeNull()
  })
})
