// `loa say` and `loa talk` in the terminal's language: under a Vietnamese locale the estimate, the report
// once the audio is saved and the turn's summary say their words in Vietnamese, with the same figures as in
// English and no English label left; --json prints the same report in every locale. Real `loa` processes
// against the demo service (the tables of the other verbs: output-language.test.ts).
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EXIT } from '../../main/cli/exit-codes'
import { SAY_WORDS, TALK_WORDS } from '../../main/cli/output-words'
import { renderEstimate } from '../../main/cli/verbs/say-estimate'
import { startDemoServer, type DemoServer } from '../../main/demo/server'
import { loa, type LoaResult } from './loa-process'
import { expectSaid, VI } from './said'

let demo: DemoServer
let dir: string

beforeAll(async () => {
  // A spoken answer takes its length in service time: the demo's time runs faster.
  demo = await startDemoServer({ seed: 1, timeScale: 5 })
  dir = await mkdtemp(join(tmpdir(), 'loa-speech-language-'))
})

afterAll(async () => {
  await demo.close()
  await rm(dir, { recursive: true, force: true })
})

function run(args: string[], env: Record<string, string> = {}): Promise<LoaResult> {
  return loa(args, { ...env, LOA_BASE_URL: demo.baseUrl, LOA_API_KEY: demo.keys.ordinary })
}

/** Every amount and count printed, in order: what must not change with the language. */
const figures = (text: string) => text.match(/[\d.,]+ ₫|\b\d[\d.,]*/g)

const TEXT = 'Xin chào các bạn.'

describe('loa say in the terminal’s language', () => {
  it('--dry-run: the estimate and the free allowance in Vietnamese, the same figures', async () => {
    // google/standard has a monthly allowance; the ordinary account's history does not reach the month's start.
    const args = ['say', TEXT, '--model', 'google/standard', '--voice', 'vi-VN-Standard-A', '--dry-run']
    const [en, vi] = await Promise.all([run(args), run(args, VI)])
    const w = SAY_WORDS
    expectSaid(en, vi, [w.model, w.voice, w.characters, w.chunks, w.cost, w.free, w.nothingSent])
    expect(vi.stdout).toMatch(/^Số ký tự\s+17$/m)
    expect(vi.stdout).toMatch(/^Số đoạn\s+1 \(mỗi đoạn một yêu cầu\)$/m)
    expect(vi.stdout).toMatch(/^Chi phí\s+khoảng [\d.,]+ ₫$/m)
    expect(vi.stdout).toMatch(/^Miễn phí\s+[\d.]+ ký tự mỗi tháng; không rõ tháng này đã dùng bao nhiêu/m)
    expect(vi.stdout).not.toMatch(/characters|about|unknown/)
    expect(figures(vi.stdout)).toEqual(figures(en.stdout))
  })

  it('an unknown price is không rõ, never 0 ₫', () => {
    const estimate = { model: 'm', voice: null, characters: 17, costVnd: null, freeCharacters: 0, chunks: 1 }
    const vi = renderEstimate(estimate, 0, 'vi')
    expect(vi).toMatch(/^Chi phí\s+không rõ \(dịch vụ không cho biết giá\)$/m)
    expect(vi).toMatch(/^Giọng\s+giọng mặc định của mô hình$/m)
    expect(vi).not.toContain('₫')
    expect(renderEstimate(estimate, 0, 'en')).toMatch(/^Cost\s+unknown \(the service names no price\)$/m)
  })

  it('the report once the audio is saved in Vietnamese; --json the same bytes in both', async () => {
    const choice = ['say', TEXT, '--model', 'openai/tts-1', '--voice', 'alloy']
    const [en, vi] = await Promise.all([
      run([...choice, '-o', join(dir, 'en.mp3')]),
      run([...choice, '-o', join(dir, 'vi.mp3')], VI),
    ])
    const w = SAY_WORDS
    expectSaid(en, vi, [w.saved, w.model, w.voice, w.length, w.characters, w.chunks, w.cost])
    expect(vi.stdout).toMatch(/^Thời lượng\s+[\d.]+ giây$/m)
    expect(vi.stdout).toMatch(/^Chi phí\s+[\d.]+ ₫$/m)
    expect(en.stdout).toMatch(/^Length\s+[\d.]+ s$/m)
    // Progress on stderr was in Vietnamese already; nothing English is left there either.
    expect(vi.stderr).toMatch(/^Đọc 17 ký tự bằng openai\/tts-1/m)
    expect(vi.stderr).not.toMatch(/Reading|characters|chunk/)
    expect(figures(vi.stdout.replace(/vi\.mp3/, 'en.mp3'))).toEqual(figures(en.stdout))
    // The same file written twice: the report, cost included, is the same whatever the locale.
    const out = join(dir, 'json.mp3')
    const jsonEn = await run([...choice, '-o', out, '--json'])
    const jsonVi = await run([...choice, '-o', out, '--json'], VI)
    expect(jsonEn.code).toBe(EXIT.ok)
    expect(jsonVi.stdout).toBe(jsonEn.stdout)
    // Four loa processes, each reading aloud: a bound on waiting on a loaded machine, not a measurement.
  }, 60_000)
})

describe('loa talk in the terminal’s language', () => {
  const MODEL = 'google/gemini-live-2.5-flash'

  it('the turn’s summary in Vietnamese, with the tool it called; --json the same report in both', async () => {
    const turn = (name: string) => [
      'talk',
      '--model',
      MODEL,
      '--text',
      'số dư của tôi?',
      '--out',
      join(dir, name),
    ]
    const [en, vi] = await Promise.all([run(turn('en.wav')), run(turn('vi.wav'), VI)])
    const w = TALK_WORDS
    expectSaid(en, vi, [w.you, w.tool, w.model, w.answer, w.cost, w.timings, w.session])
    expect(vi.stdout).toMatch(/^Công cụ\s+get_balance \{\} -> \{"balanceVnd":/m)
    expect(vi.stdout).toMatch(/^Câu trả lời\s+\S+vi\.wav \([\d.]+ giây, 24 kHz\)$/m)
    expect(vi.stdout).toMatch(/^Chi phí\s+[1-9][\d.]* ₫ \([\d.]+ token\)$/m)
    expect(vi.stdout).toMatch(
      /^Thời gian\s+tạo phiên \d+ ms, kết nối \d+ ms, âm thanh đầu tiên \d+ ms sau khi gửi xong lượt, tổng [\d.]+ giây$/m,
    )
    expect(en.stdout).toMatch(/^Cost\s+[1-9][\d.]* ₫ \([\d.]+ tokens\)$/m)
    // The session and the timings are the run's own; everything else in the report is the same bytes.
    const plain = [...turn('json.wav'), '--no-tools', '--json']
    const [jsonEn, jsonVi] = await Promise.all([run(plain), run(plain, VI)])
    const steady = (r: LoaResult) => {
      expect(r.code).toBe(EXIT.ok)
      const report = JSON.parse(r.stdout) as Record<string, unknown>
      expect(Object.keys(report)).toContain('timings')
      return JSON.stringify({ ...report, sessionId: null, timings: null })
    }
    expect(steady(jsonVi)).toBe(steady(jsonEn))
    // Four loa processes, each a spoken turn: a bound on waiting on a loaded machine, not a measurement.
  }, 60_000)

  it('a mistake on the command line of talk or realtime-models is told in Vietnamese', async () => {
    const out = join(dir, 'x.wav')
    const [empty, missing, cap, extra] = await Promise.all([
      run(['talk', '--model', MODEL, '--text', '  ', '--out', out], VI),
      run(['talk', '--model', MODEL, '--text', 'chào'], VI),
      run(['talk', '--model', MODEL, '--text', 'chào', '--out', out, '--max-spend', 'nhiều'], VI),
      run(['realtime-models', 'now'], VI),
    ])
    expect(empty.code).toBe(EXIT.usage)
    expect(empty.stderr).toContain(TALK_WORDS.emptyText.vi)
    expect(missing.code).toBe(EXIT.usage)
    expect(missing.stderr).toContain('cần có --out.')
    expect(cap.code).toBe(EXIT.usage)
    expect(cap.stderr).toContain("--max-spend phải là số nguyên từ 0 đến 1000000000; nhận được 'nhiều'.")
    expect(extra.code).toBe(EXIT.usage)
    expect(extra.stderr).toContain("loa realtime-models: đối số không mong đợi 'now'.")
    expect(empty.stderr + missing.stderr + cap.stderr).not.toMatch(/is empty|is required|whole number/)
  })
})
