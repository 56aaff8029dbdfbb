// The verbs' tables and summaries in the terminal's language: under a Vietnamese locale `loa status`,
// `usage`, `voices`, `sessions`, `models` (every kind, and one model) and `realtime-models` print their
// headings and summary lines in Vietnamese, with no English heading left; --json prints the same bytes in
// every locale. Real `loa` processes against the demo service (say and talk: output-language-speech).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SessionsApi } from '../../main/api/realtime/sessions-api'
import { EXIT } from '../../main/cli/exit-codes'
import {
  KIND_WORDS,
  MODEL_DETAIL_WORDS,
  MODELS_WORDS,
  OUTPUT_WORDS,
  REALTIME_MODELS_WORDS,
  SESSIONS_WORDS,
  STATUS_WORDS,
  USAGE_WORDS,
  VOICES_WORDS,
} from '../../main/cli/output-words'
import { startDemoServer, type DemoServer } from '../../main/demo/server'
import { loa, type LoaResult } from './loa-process'
import { expectSaid, headings, VI, VIETNAMESE } from './said'

let demo: DemoServer

beforeAll(async () => {
  demo = await startDemoServer({ seed: 1 })
})

afterAll(async () => {
  await demo.close()
})

function run(args: string[], env: Record<string, string> = {}): Promise<LoaResult> {
  return loa(args, { ...env, LOA_BASE_URL: demo.baseUrl, LOA_API_KEY: demo.keys.ordinary })
}

/** Every amount and count printed, in order: what must not change with the language. */
const figures = (text: string) => text.match(/\$[\d.]+|[\d.,]+ ₫\*?|\b\d[\d.,]*%?/g)

describe('loa tables in the terminal’s language', () => {
  it('status: fields, pooled quota and savings in Vietnamese', async () => {
    const [en, vi] = await Promise.all([run(['status']), run(['status'], VI)])
    const s = STATUS_WORDS
    expectSaid(en, vi, [s.account, s.balance, s.plan, s.week, s.allTime, s.poolsTitle, s.cacheHits])
    expect(headings(vi.stdout, s.pool.vi)).toEqual(
      [s.pool, s.remaining, s.total, s.usedInWindow, s.emails].map((w) => w.vi),
    )
    expect(headings(vi.stdout, s.source.vi)).toEqual(
      [s.source, s.saved, s.tokens, s.requests].map((w) => w.vi),
    )
    expect(headings(en.stdout, 'Pool')).toEqual(['Pool', 'Remaining', 'Total', 'Used in window', 'E-mails'])
    // The same dong in both: grouped with dots, as Vietnamese writes them.
    const balance = (text: string, label: string) =>
      text
        .split('\n')
        .find((l) => l.startsWith(label))
        ?.match(/[\d.]+ ₫/)?.[0]
    expect(balance(vi.stdout, s.balance.vi)).toBe(balance(en.stdout, s.balance.en))
    expect(balance(vi.stdout, s.balance.vi)).toMatch(/^\d{1,3}(\.\d{3})* ₫$/)
  })

  it('usage: the recent requests, the days and the models in Vietnamese', async () => {
    const u = USAGE_WORDS
    const [en, vi] = await Promise.all([run(['usage']), run(['usage'], VI)])
    expectSaid(en, vi, [u.latest])
    expect(headings(vi.stdout, u.sent.vi)).toEqual(
      [
        u.sent,
        u.finished,
        u.model,
        u.input,
        u.output,
        u.cache,
        u.reasoning,
        u.cost,
        u.beforeDiscount,
        u.discount,
        u.source,
      ].map((w) => w.vi),
    )
    const [dEn, dVi] = await Promise.all([run(['usage', '--days', '7']), run(['usage', '--days', '7'], VI)])
    expectSaid(dEn, dVi, [u.date, u.requests, u.tokens, u.cost, u.total])
    const [mEn, mVi] = await Promise.all([run(['usage', '--by-model']), run(['usage', '--by-model'], VI)])
    expectSaid(mEn, mVi, [u.model, u.provider, u.requests, u.tokens, u.cost, u.total])
    // Six loa processes, each starting Node: a bound on waiting on a loaded machine, not a measurement.
  }, 60_000)

  it('models: the catalog and the text prices in Vietnamese', async () => {
    const m = MODELS_WORDS
    const [en, vi] = await Promise.all([run(['models']), run(['models'], VI)])
    expectSaid(en, vi, [m.prices])
    expect(headings(vi.stdout, m.kind.vi)).toEqual([m.kind, m.model, m.name, m.provider].map((w) => w.vi))
    expect(headings(en.stdout, 'Kind')).toEqual(['Kind', 'Model', 'Name', 'Provider'])
    const [tEn, tVi] = await Promise.all([run(['models', 'text']), run(['models', 'text'], VI)])
    expect(tEn.code).toBe(EXIT.ok)
    const prices = [m.input, m.output, m.cache, m.reasoning].map((w) => w.vi)
    expect(headings(tVi.stdout, m.model.vi)).toEqual([
      m.model.vi,
      m.context.vi,
      m.discount.vi,
      ...prices.map((p) => `${p} $`),
      ...prices.map((p) => `${p} ₫`),
    ])
    expect(tVi.stdout).toContain('VND: theo gói của bạn')
    expect(tVi.stdout).not.toContain('for your plan')
  })

  it('models: the image, video and embedding prices in Vietnamese', async () => {
    const [m, k] = [MODELS_WORDS, KIND_WORDS]
    const both = (args: string[]) => Promise.all([run(args), run(args, VI)])
    const [[iEn, iVi], [vEn, vVi], [eEn, eVi]] = await Promise.all([
      both(['models', 'image']),
      both(['models', 'video']),
      both(['models', 'embedding']),
    ])
    expectSaid(iEn, iVi, [k.perImage, k.generation, k.editing])
    expect(headings(iVi.stdout, m.model.vi)).toEqual([
      m.model.vi,
      k.use.vi,
      k.quality.vi,
      k.size.vi,
      m.discount.vi,
      'USD',
      'VND',
    ])
    expect(headings(iEn.stdout, 'Model')).toEqual([
      'Model',
      'Use',
      'Quality',
      'Size',
      'Discount',
      'USD',
      'VND',
    ])
    // The demo's sora-2-pro is priced by input type in USD only: its VND is converted, and the note says so.
    expectSaid(vEn, vVi, [k.perSecond])
    expect(headings(vVi.stdout, m.model.vi)).toEqual(
      [m.model, k.resolution, k.inputType, k.usdPerSecond, k.usd8s, k.vnd8s].map((w) => w.vi),
    )
    expect(vVi.stdout).toMatch(/^\* quy đổi theo tỉ giá [\d.]+ ₫\/USD, /m)
    expect(vEn.stdout).toMatch(/^\* converted at [\d.]+ ₫\/USD, /m)
    expectSaid(eEn, eVi, [k.perMillionEmbedding])
    expect(headings(eVi.stdout, m.model.vi)).toEqual([
      m.model.vi,
      k.dimensions.vi,
      k.maxInput.vi,
      k.freePerDay.vi,
      m.discount.vi,
      'USD',
      'VND',
    ])
    // The same figures in both languages: only the words differ.
    expect(figures(vVi.stdout)).toEqual(figures(vEn.stdout))
    expect(figures(eVi.stdout)).toEqual(figures(eEn.stdout))
    // Six loa processes: a bound on waiting on a loaded machine, not a measurement.
  }, 60_000)

  it('models <model>: a text and an image model in detail, in Vietnamese', async () => {
    const [m, d] = [MODELS_WORDS, MODEL_DETAIL_WORDS]
    const [tEn, tVi, iEn, iVi] = await Promise.all([
      run(['models', 'gpt-4.1']),
      run(['models', 'gpt-4.1'], VI),
      run(['models', 'gpt-image-1']),
      run(['models', 'gpt-image-1'], VI),
    ])
    expectSaid(tEn, tVi, [m.provider, d.contextWindow, d.maxOutput, d.vision, d.released, d.rateLimits])
    expect(headings(tVi.stdout, d.perMillion.vi)).toEqual([d.perMillion.vi, 'USD', 'VND'])
    for (const w of [d.input, d.output, d.cacheRead, d.cacheWrite, d.reasoning])
      expect(tVi.stdout).toMatch(new RegExp(`^${w.vi}\\s+(\\$|—)`, 'm'))
    expect(tVi.stdout).toMatch(/^Cửa sổ ngữ cảnh\s+[\d.]+ token$/m)
    expect(tVi.stdout).toMatch(/^Giới hạn tần suất\s+[\d.]+ yêu cầu\/phút/m)
    expect(tVi.stdout).toMatch(/^Chiết khấu\s+[\d,]+% với gói của bạn \(/m)
    expect(tVi.stdout).toContain('— = không hỗ trợ.')
    expect(tEn.stdout).toMatch(/^Context window\s+[\d.]+ tokens$/m)
    expectSaid(iEn, iVi, [
      d.sizes,
      d.qualities,
      d.negativePrompt,
      d.imageInput,
      d.imagesPerRequest,
      KIND_WORDS.perImage,
    ])
    expect(iVi.stdout).toMatch(/^Chỉnh sửa ảnh\s+(có|không)$/m)
    expect(figures(tVi.stdout)).toEqual(figures(tEn.stdout))
  }, 60_000)

  it('realtime-models: the models and their prices in Vietnamese', async () => {
    const w = REALTIME_MODELS_WORDS
    const [en, vi] = await Promise.all([run(['realtime-models']), run(['realtime-models'], VI)])
    expectSaid(en, vi, [w.perMinute, w.audioIn, w.audioOut, w.maxSession, w.protocol, w.notAvailable])
    expect(headings(vi.stdout, w.model.vi)).toEqual(
      [w.model, w.name, w.perMinute, w.audioIn, w.audioOut, w.maxSession, w.protocol].map((x) => x.vi),
    )
    expect(vi.stdout).toMatch(/^Giá theo gói \S+\.$/m)
    expect(en.stdout).toMatch(/^Prices for plan \S+\.$/m)
    expect(figures(vi.stdout)).toEqual(figures(en.stdout))
  })

  it('voices: the voices and the speech models in Vietnamese', async () => {
    const v = VOICES_WORDS
    const [en, vi] = await Promise.all([run(['voices']), run(['voices'], VI)])
    expect(en.code).toBe(EXIT.ok)
    expect(headings(vi.stdout, v.voice.vi)).toEqual(
      [v.voice, v.name, v.language, v.gender, v.accent].map((w) => w.vi),
    )
    expect(headings(en.stdout, 'Voice')).toEqual(['Voice', 'Name', 'Language', 'Gender', 'Accent'])
    const [mEn, mVi] = await Promise.all([run(['voices', '--models']), run(['voices', '--models'], VI)])
    expectSaid(mEn, mVi, [v.model, v.pricePer1M, v.maxChars, v.formats])
  })

  it('sessions: the history in Vietnamese', async () => {
    const api = new SessionsApi({ baseUrl: demo.baseUrl, key: demo.keys.ordinary })
    const session = await api.create({ model: 'google/gemini-live-2.5-flash', turnDetection: 'server' })
    await api.delete(session.id)
    const w = SESSIONS_WORDS
    const [en, vi] = await Promise.all([run(['sessions']), run(['sessions'], VI)])
    expectSaid(en, vi, [w.started, w.status, w.duration, w.endedBecause])
    expect(headings(vi.stdout, w.started.vi)).toEqual(
      [w.started, w.model, w.status, w.duration, w.cost, w.tokens, w.endedBecause, w.session].map(
        (x) => x.vi,
      ),
    )
    expect(vi.stdout).toContain(session.id)
  })

  it('--json prints the same bytes under a Vietnamese and an English locale', async () => {
    for (const args of [
      ['usage', '--by-model', '--json'],
      ['voices', '--models', '--json'],
      ['sessions', '--json'],
      ['models', 'video', '--json'],
      ['models', 'gpt-4.1', '--json'],
      ['realtime-models', '--json'],
    ]) {
      const [en, vi] = await Promise.all([run(args), run(args, VI)])
      expect(en.code).toBe(EXIT.ok)
      expect(vi.stdout).toBe(en.stdout)
      expect(vi.stdout).not.toMatch(VIETNAMESE)
    }
    // Twelve loa processes, two at a time: a bound on waiting on a loaded machine, not a measurement.
  }, 60_000)

  it('every word has its own Vietnamese', () => {
    for (const table of Object.values(OUTPUT_WORDS)) {
      for (const words of Object.values(table)) {
        expect(words.vi).toMatch(VIETNAMESE)
        expect(words.vi).not.toBe(words.en)
        expect(words.vi).toBe(words.vi.normalize('NFC'))
      }
    }
  })
})
