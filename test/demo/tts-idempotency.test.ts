// The 60-second idempotency memory: identical requests and Idempotency-Key retries return the first file
// with no new charge; a copy of a request still running gets 409 with Retry-After.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createClock } from '../../main/demo/core/clock'
import type { DemoServer } from '../../main/demo/server'
import { IdempotencyMemory } from '../../main/demo/tts/idempotency'
import { accountState, advanceClock, call, envelope, startServer } from './helpers'

describe('speech idempotency', () => {
  let server: DemoServer
  const speak = (body: object, headers: Record<string, string> = {}) =>
    call(server, '/v1/audio/speech', { key: server.keys.ordinary, body, headers })

  beforeAll(async () => {
    server = await startServer({ seed: 51 })
  })
  afterAll(() => server.close())

  it('an identical request within 60 s returns the same file and job, charged once', async () => {
    const body = { model: 'openai/tts-1', voice: 'echo', input: 'Một lần thôi.', response_format: 'wav' }
    const before = await accountState(server, 'ordinary')
    const first = await speak(body)
    const second = await speak(body)
    expect(second.status).toBe(200)
    expect(second.headers.get('x-job-id')).toBe(first.headers.get('x-job-id'))
    expect(Buffer.compare(first.bytes, second.bytes)).toBe(0)
    expect(second.headers.get('x-idempotent-replay')).toBe('true')
    const after = await accountState(server, 'ordinary')
    const cost = Number(first.headers.get('x-cost-vnd'))
    expect(after.wallet.totalVND).toBeCloseTo(before.wallet.totalVND - cost, 2)
    expect(after.usageRecords).toBe(before.usageRecords + 1)
  })

  it('any change in model, voice, input, format or speed is a new request', async () => {
    const body = {
      model: 'openai/tts-1',
      voice: 'echo',
      input: 'Khác nhau.',
      response_format: 'mp3',
      speed: 1,
    }
    const base = await speak(body)
    for (const change of [
      { voice: 'fable' },
      { input: 'Khác nhau!' },
      { response_format: 'wav' },
      { speed: 1.1 },
      { model: 'openai/tts-1-hd' },
    ]) {
      const res = await speak({ ...body, ...change })
      expect(res.headers.get('x-job-id'), JSON.stringify(change)).not.toBe(base.headers.get('x-job-id'))
    }
  })

  it('after 60 s of service time the same request is generated and charged again', async () => {
    const body = { model: 'openai/tts-1', voice: 'sage', input: 'Sau một phút.' }
    const first = await speak(body)
    await advanceClock(server, 61_000)
    const before = await accountState(server, 'ordinary')
    const again = await speak(body)
    expect(again.headers.get('x-job-id')).not.toBe(first.headers.get('x-job-id'))
    expect(again.headers.get('x-idempotent-replay')).toBe('false')
    expect((await accountState(server, 'ordinary')).wallet.totalVND).toBeLessThan(before.wallet.totalVND)
  })

  it('the same Idempotency-Key returns the first result even for a different body; another key is new', async () => {
    const first = await speak(
      { model: 'openai/tts-1', voice: 'nova', input: 'Khóa thứ nhất.' },
      { 'Idempotency-Key': 'order-123' },
    )
    const before = await accountState(server, 'ordinary')
    const retry = await speak(
      { model: 'openai/tts-1', voice: 'onyx', input: 'Nội dung khác hẳn.' },
      { 'Idempotency-Key': 'order-123' },
    )
    expect(retry.headers.get('x-job-id')).toBe(first.headers.get('x-job-id'))
    expect(Buffer.compare(first.bytes, retry.bytes)).toBe(0)
    expect((await accountState(server, 'ordinary')).wallet).toEqual(before.wallet)
    const other = await speak(
      { model: 'openai/tts-1', voice: 'nova', input: 'Khóa thứ nhất.' },
      { 'Idempotency-Key': 'order-124' },
    )
    expect(other.headers.get('x-job-id')).not.toBe(first.headers.get('x-job-id'))
  })

  it('an identical request while the first is still running gets 409 duplicate_request with Retry-After', async () => {
    const body = {
      model: 'openai/tts-1',
      voice: 'ballad',
      input: 'Câu này khá dài để việc tổng hợp mất một chút thời gian. '.repeat(6),
    }
    const before = await accountState(server, 'ordinary')
    const [a, b] = await Promise.all([speak(body), speak(body)])
    const statuses = [a.status, b.status].sort()
    expect(statuses).toEqual([200, 409])
    const dup = a.status === 409 ? a : b
    expect(envelope(dup).code).toBe('duplicate_request')
    expect(Number(dup.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
    const after = await accountState(server, 'ordinary')
    expect(after.usageRecords).toBe(before.usageRecords + 1)
    // Once done, the retry the 409 asked for gets the result.
    const retry = await speak(body)
    expect(retry.headers.get('x-job-id')).toBe((a.status === 200 ? a : b).headers.get('x-job-id'))
  })

  it('a refused request leaves nothing in memory: fixing the wallet and retrying generates', async () => {
    const body = { model: 'openai/tts-1-hd', voice: 'nova', input: 'y'.repeat(3000) }
    const free = (b: object) => call(server, '/v1/audio/speech', { key: server.keys.free, body: b })
    expect((await free(body)).status).toBe(400)
    await call(server, '/__demo/wallet', { body: { key: 'free', realVND: 50_000 } })
    const ok = await free({ ...body, input: 'y'.repeat(30) })
    expect(ok.status).toBe(200)
  })
})

describe('the idempotency window', () => {
  let server: DemoServer
  beforeAll(async () => {
    server = await startServer({ seed: 52 })
  })
  afterAll(() => server.close())

  it('counts 60 s from when the request arrived, not from when its audio was ready', async () => {
    // A synthesis that takes 50 s of service time: the result is ready at 50 s and gone at 60 s.
    const speech = server.context.speech
    const synthesize = speech.synthesize.bind(speech)
    speech.synthesize = async (text, opts) => {
      server.context.clock.advance(50_000)
      return synthesize(text, opts)
    }
    const body = { model: 'openai/tts-1', voice: 'coral', input: 'Chậm mà chắc.' }
    const speak = () => call(server, '/v1/audio/speech', { key: server.keys.ordinary, body })
    try {
      const first = await speak()
      expect(first.status).toBe(200)
      speech.synthesize = synthesize
      await advanceClock(server, 11_000)
      const again = await speak()
      expect(again.headers.get('x-idempotent-replay')).toBe('false')
      expect(again.headers.get('x-job-id')).not.toBe(first.headers.get('x-job-id'))
    } finally {
      speech.synthesize = synthesize
    }
  })

  it('replays up to 60 s after the arrival and forgets at 60 s, however late the result was ready', async () => {
    const clock = createClock(1)
    const memory = new IdempotencyMemory<string>(clock)
    memory.begin('k', clock.now())
    clock.advance(50_000)
    expect(memory.lookup('k')).toEqual({ kind: 'running' })
    memory.complete('k', 'audio')
    clock.advance(9_000)
    expect(memory.lookup('k')).toEqual({ kind: 'done', result: 'audio' })
    clock.advance(1_000)
    expect(memory.lookup('k')).toEqual({ kind: 'none' })
  })
})
