// `loa say --file` with documents, as a real process against the demo service: a book read into one file
// per chapter, the formats chosen by extension and the others refused naming them, a document that cannot
// be read refused saying why, and a spending limit that stops the reading before it would be passed,
// keeping what was made; the notes and refusals in Vietnamese under a Vietnamese locale.
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readWav } from '../../main/audio/wav'
import { EXIT } from '../../main/cli/exit-codes'
import type { SayReport } from '../../main/cli/verbs/say-report'
import type { SeededAccount } from '../../main/demo/accounts/directory'
import { startDemoServer, type DemoServer } from '../../main/demo/server'
import { CHAPTER_1, CHAPTER_2, PARAGRAPH_1, PARAGRAPH_2, PARAGRAPH_3 } from '../fixtures/documents/samples'
import { assertNoKey, loa, loaWith } from './loa-process'

let demo: DemoServer
let dir: string

beforeAll(async () => {
  demo = await startDemoServer({ seed: 1 })
  dir = await mkdtemp(join(tmpdir(), 'loa-say-file-'))
})

afterAll(async () => {
  await demo.close()
  await rm(dir, { recursive: true, force: true })
})

const sample = (name: string): string => new URL(`../fixtures/documents/${name}`, import.meta.url).pathname
const CHOICE = ['--model', 'openai/tts-1', '--voice', 'alloy', '--format', 'wav']
const account = () => demo.context.accounts.find((a) => a.label === 'ordinary') as SeededAccount

function wallet() {
  const acct = account()
  return { balance: demo.context.ledger.balanceVND(acct), records: demo.context.ledger.records(acct).length }
}

const codePoints = (text: string): number => [...text.normalize('NFC')].length

// Each run starts `loa` and its document worker from the sources through tsx: slow on a busy machine.
describe('loa say --file (process)', { timeout: 60_000 }, () => {
  it('reads an EPUB into one file per chapter, NN-title.wav, each chapter with its heading', async () => {
    const out = join(dir, 'book')
    const run = await loaWith(demo, 'ordinary', [
      'say',
      '--file',
      sample('sample.epub'),
      '--per-chapter',
      '-o',
      out,
      ...CHOICE,
      '--json',
    ])
    expect(run.code).toBe(EXIT.ok)
    const report = JSON.parse(run.stdout) as SayReport
    const names = ['01-Chương-1-Mở-đầu.wav', '02-Chương-2-Hà-Nội-mùa-thu.wav']
    expect((await readdir(out)).sort()).toEqual(names)
    expect(report.files?.map((f) => f.out)).toEqual(names.map((n) => join(out, n)))
    expect(report.files?.map((f) => f.characters)).toEqual([
      codePoints(`${CHAPTER_1}\n\n${PARAGRAPH_1}`),
      codePoints(`${CHAPTER_2}\n\n${PARAGRAPH_2}\n\n${PARAGRAPH_3}`),
    ])
    for (const file of report.files ?? []) {
      const wav = readWav(new Uint8Array(await readFile(file.out)))
      const seconds = wav.samples.length / wav.channels / wav.sampleRateHz
      expect(Math.abs(seconds - (file.seconds ?? 0))).toBeLessThan(0.2)
    }
    expect(report.stoppedAtLimit).toBe(false)
    assertNoKey(demo, run)
  })

  it('reads a PDF into one file, its running header and page numbers left out, the note on stderr', async () => {
    const out = join(dir, 'sample.wav')
    const run = await loaWith(demo, 'ordinary', ['say', '--file', sample('sample.pdf'), '-o', out, ...CHOICE])
    expect(run.code).toBe(EXIT.ok)
    expect(run.stderr).toContain('note: headers, footers and page numbers left out on 4 of 4 pages')
    expect(readWav(new Uint8Array(await readFile(out))).samples.length).toBeGreaterThan(0)
  })

  it('refuses an unknown extension with exit 2, naming the formats, before sending anything', async () => {
    const file = join(dir, 'notes.odt')
    await writeFile(file, 'xin chào')
    const before = wallet()
    const run = await loaWith(demo, 'ordinary', ['say', '--file', file, '-o', join(dir, 'x.wav')])
    expect(run.code).toBe(EXIT.usage)
    expect(run.stderr).toContain('.txt, .md, .html, .pdf, .epub, .docx')
    expect(wallet()).toEqual(before)
  })

  it.each([
    ['scanned.pdf', /no text layer/, /OCR/],
    ['encrypted.pdf', /password/, /without a password/],
    ['corrupt.docx', /not a readable Word document/, /save it again/],
  ])('refuses %s with exit 2, saying why and what to do', async (name, why, next) => {
    const run = await loaWith(demo, 'ordinary', ['say', '--file', sample(name), '-o', join(dir, 'x.wav')])
    expect(run.code).toBe(EXIT.usage)
    expect(run.stderr).toMatch(why)
    expect(run.stderr).toMatch(next)
  })

  it('says a document’s notes and refusals in Vietnamese when the terminal’s locale is Vietnamese', async () => {
    const env = { LOA_BASE_URL: demo.baseUrl, LOA_API_KEY: demo.keys.ordinary, LC_ALL: 'vi_VN.UTF-8' }
    const dry = await loa(['say', '--file', sample('sample.pdf'), ...CHOICE, '--dry-run'], env)
    expect(dry.code).toBe(EXIT.ok)
    expect(dry.stderr).toContain('ghi chú: bỏ qua đầu trang, chân trang và số trang trên 4/4 trang')
    const scanned = await loa(['say', '--file', sample('scanned.pdf'), '-o', join(dir, 'x.wav')], env)
    expect(scanned.code).toBe(EXIT.usage)
    expect(scanned.stderr).toContain('scanned.pdf: PDF không có lớp chữ: các trang là ảnh quét')
    expect(scanned.stderr).toContain('hãy nhận dạng chữ (OCR) cho PDF trước')
  })

  it('stops before a chunk would pass --max-spend, keeps what was made and says how far it got', async () => {
    const text = `${PARAGRAPH_1} ${PARAGRAPH_2} ${PARAGRAPH_3} `.repeat(50) // about 11,500 characters
    const file = join(dir, 'long.txt')
    await writeFile(file, text)
    const dry = await loaWith(demo, 'ordinary', ['say', '--file', file, ...CHOICE, '--dry-run', '--json'])
    const estimate = JSON.parse(dry.stdout) as { costVnd: number; chunks: number }
    expect(estimate.chunks).toBeGreaterThanOrEqual(3)
    // Room for the first chunk, not for the first two (every chunk but the last is near the limit).
    const maxSpend = Math.floor((estimate.costVnd / estimate.chunks) * 1.5)
    const out = join(dir, 'long.wav')
    const before = wallet()
    const run = await loaWith(demo, 'ordinary', [
      'say',
      '--file',
      file,
      ...CHOICE,
      '--max-spend',
      String(maxSpend),
      '-o',
      out,
      '--json',
    ])
    expect(run.code).toBe(EXIT.failure)
    const report = JSON.parse(run.stdout) as SayReport
    expect(report.stoppedAtLimit).toBe(true)
    expect(report.chunks).toBe(1)
    expect(wallet().records - before.records).toBe(1)
    const spent = before.balance - wallet().balance
    expect(spent).toBeLessThanOrEqual(maxSpend)
    expect(spent).toBeCloseTo(report.costVnd, 1)
    expect(run.stderr).toMatch(/stopped at \d+% of the text: the next chunk would pass --max-spend/)
    const wav = readWav(new Uint8Array(await readFile(out)))
    expect(wav.samples.length / wav.channels / wav.sampleRateHz).toBeCloseTo(report.seconds ?? 0, 0)
  })

  it("takes the month's free characters off --max-spend: a Classic reading within them costs nothing and goes on", async () => {
    const text = `${PARAGRAPH_1} ${PARAGRAPH_2} ${PARAGRAPH_3} `.repeat(25)
    const file = join(dir, 'classic.txt')
    await writeFile(file, text)
    const classic = ['--model', 'google/standard', '--voice', 'vi-VN-Standard-A', '--format', 'mp3']
    const dry = await loaWith(demo, 'free', ['say', '--file', file, ...classic, '--dry-run', '--json'])
    const estimate = JSON.parse(dry.stdout) as { chunks: number; characters: number; freeCharacters: number }
    expect(estimate.chunks).toBeGreaterThanOrEqual(2)
    expect(estimate.freeCharacters).toBe(estimate.characters)
    const acct = () => demo.context.accounts.find((a) => a.label === 'free') as SeededAccount
    const charges = () => demo.context.ledger.records(acct()).filter((r) => r.model === 'google/standard')
    const before = charges().length
    // 1 ₫ is below any chunk's full price: only the allowance lets the reading go on, to its end.
    const run = await loaWith(demo, 'free', [
      'say',
      '--file',
      file,
      ...classic,
      '--max-spend',
      '1',
      '-o',
      join(dir, 'classic.mp3'),
      '--json',
    ])
    expect(run.stderr).not.toMatch(/--max-spend/)
    expect(run.code).toBe(EXIT.ok)
    const report = JSON.parse(run.stdout) as SayReport
    expect(report.stoppedAtLimit).toBe(false)
    expect(report.chunks).toBe(estimate.chunks)
    const made = charges().slice(before)
    expect(made).toHaveLength(estimate.chunks)
    expect(made.every((r) => r.costVND === 0)).toBe(true)
  }, 180_000)
})
