// `loa talk` as a real process against the demo service, where the session does not go as planned:
// instructions the service refuses as too long (a clear message naming the flag, a stable --json code,
// the request id), and a session the service cuts for maintenance before the answer (renewed by itself,
// the held recording sent again, the turn completed).
import { mkdtempSync, readFileSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readWav, writeWav } from '../../main/audio/wav'
import { EXIT } from '../../main/cli/exit-codes'
import { startDemoServer, type DemoServer } from '../../main/demo/server'
import { rms, voice } from '../realtime/support/demo-engine'
import { loa } from './loa-process'

const MODEL = 'openai/gpt-realtime'
let demo: DemoServer
let dir: string
let speech: string

beforeAll(async () => {
  demo = await startDemoServer({ port: 0, seed: 1 })
  dir = mkdtempSync(join(tmpdir(), 'loa-talk-refusals-'))
  speech = join(dir, 'speech.wav')
  await writeFile(speech, writeWav({ sampleRateHz: 16_000, channels: 1, samples: voice(16_000, 16_000) }))
})
afterAll(async () => {
  await demo.close()
})

const env = () => ({ LOA_BASE_URL: demo.baseUrl, LOA_API_KEY: demo.keys.ordinary })

describe('loa talk --instructions refused as too long', () => {
  it('says so on stderr, naming the flag to shorten, with the request id', async () => {
    const out = join(dir, 'never.wav')
    const r = await loa(
      ['talk', '--model', MODEL, '--in', speech, '--out', out, '--instructions', 'x'.repeat(16_385)],
      env(),
    )
    expect(r.code).toBe(EXIT.failure)
    expect(r.stdout).toBe('')
    const [line, hint] = r.stderr.trim().split('\n')
    expect(line).toMatch(
      /^loa talk: the instructions are too long for the service: .*16384.*\(request req_\w+\)\.$/,
    )
    expect(hint).toBe(
      'hint: shorten the text given with --instructions (or leave it out), then run the command again.',
    )
    expect(r.stderr).not.toContain(demo.keys.ordinary)
  })

  it('with --json, the error object carries the stable code', async () => {
    const r = await loa(
      [
        'talk',
        '--json',
        '--model',
        MODEL,
        '--in',
        speech,
        '--out',
        join(dir, 'never.wav'),
        '--instructions',
        'y'.repeat(20_000),
      ],
      env(),
    )
    expect(r.code).toBe(EXIT.failure)
    const parsed = JSON.parse(r.stdout) as { error: { code: string; hint: string; requestId: string } }
    expect(parsed.error.code).toBe('instructions_too_long')
    expect(parsed.error.hint).toMatch(/--instructions/)
    expect(parsed.error.requestId).toMatch(/^req_/)
  })
})

describe('loa talk through a session cut for maintenance', () => {
  it('renews the session, sends the recording again and writes the answer', async () => {
    const out = join(dir, 'renewed.wav')
    demo.faults.terminateOnCommit = { count: 1, reason: 'maintenance' }
    const r = await loa(
      [
        'talk',
        '--json',
        '--fast',
        '--model',
        MODEL,
        '--in',
        speech,
        '--out',
        out,
        '--instructions',
        'Answer in English.',
      ],
      env(),
    )
    expect(r.stderr).toBe('')
    expect(r.code).toBe(EXIT.ok)
    expect(demo.faults.terminateOnCommit).toBeNull()
    const report = JSON.parse(r.stdout) as { status: string; answer: string; sessionId: string }
    expect(report.status).toBe('completed')
    expect(report.answer).toMatch(/This is turn 1\./)
    const reply = readWav(readFileSync(out))
    expect(reply.samples.length).toBeGreaterThan(24_000 / 2)
    expect(rms(reply.samples)).toBeGreaterThan(0.01)
  })
})
