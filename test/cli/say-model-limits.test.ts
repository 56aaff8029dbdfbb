// `loa say` as a real process against a gateway whose model list states a model's own requests per minute
// (tts-api.md "Rate limits by plan (defaults; per-model overrides replace them)"): the reading keeps to it.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDemoServer, type DemoServer } from '../../main/demo/server'
import { restatedModelList } from '../tts/support/model-list'
import { spawnLoa } from './loa-process'

const MODEL = 'openai/tts-1'
/** Small chunks, so the text is several requests without minutes of synthesis. */
const MAX_INPUT_CHARS = 80

const gateway = restatedModelList({
  [MODEL]: { rate_limits: { rpm: 1, rpd: null }, max_input_chars: MAX_INPUT_CHARS },
})
let demo: DemoServer
let dir: string

beforeAll(async () => {
  demo = await startDemoServer({ seed: 1, mounts: [gateway.mount] })
  dir = await mkdtemp(join(tmpdir(), 'loa-say-limits-'))
})

afterAll(async () => {
  await demo.close()
  await rm(dir, { recursive: true, force: true })
})

const TEXT =
  'Sáng nay trời Hà Nội se lạnh, người đi làm vội vã qua phố cổ. ' +
  'Quán phở đầu ngõ đã đông khách từ sớm, hơi nước bốc lên mờ cả ô cửa kính. ' +
  'Trên cầu Long Biên, đoàn tàu chậm rãi chạy qua, tiếng còi vang xa trong sương.'

async function until(check: () => boolean, what: string): Promise<void> {
  const end = Date.now() + 30_000
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 20))
  }
}

describe('loa say and a model’s own rate limit', () => {
  it('sends one request a minute when the model’s record says 1', { timeout: 60_000 }, async () => {
    expect(TEXT.length).toBeGreaterThan(2 * MAX_INPUT_CHARS)
    const run = spawnLoa(
      ['say', TEXT, '--model', MODEL, '--voice', 'alloy', '--format', 'wav', '-o', join(dir, 'out.wav')],
      { LOA_BASE_URL: demo.baseUrl, LOA_API_KEY: demo.keys.ordinary },
    )
    try {
      await until(() => /chunk 1\/\d+/.test(run.stderr()), 'the first chunk')
      // Unpaced, the second chunk goes out with the first (two requests in flight).
      await new Promise((r) => setTimeout(r, 1000))
      expect(gateway.speechRequests).toHaveLength(1)
      expect(run.child.exitCode).toBeNull()
    } finally {
      run.child.kill()
      await run.result
    }
  })
})
