// The log file itself: JSON lines with a level, rotated by size with a bounded number of older files kept,
// and the newest lines kept in memory for the support bundle, as written.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { OLDER_FILES, openFileLog } from '../../main/logging/log'

let dir: string | null = null
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true })
  dir = null
})

async function fileNumbers(d: string): Promise<number[]> {
  return (await readdir(d)).map((n) => Number(/^main\.(\d+)\.log$/.exec(n)?.[1])).sort((a, b) => a - b)
}

describe('the file log', () => {
  it('writes JSON lines with their level, the newest of them also in memory', async () => {
    dir = await mkdtemp(join(tmpdir(), 'loa-log-'))
    const log = await openFileLog({ dir, name: 'main' })
    log.info('request', {
      method: 'GET',
      path: '/v1/management/me',
      status: 200,
      durationMs: 4,
      requestId: 'r1',
    })
    log.warn('reconnect', { sessionId: 's1' })
    log.error('request failed', new Error('no route'), { channel: 'voice:press' })
    log.debug('not written at info', {})
    await log.close()
    const text = await readFile(join(dir, 'main.1.log'), 'utf8')
    const lines = text
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>)
    expect(lines.map((l) => [l.level, l.msg])).toEqual([
      ['info', 'request'],
      ['warn', 'reconnect'],
      ['error', 'request failed'],
    ])
    expect(lines[2]?.err).toMatchObject({ name: 'Error', message: 'no route' })
    const recent = log.recent()
    expect(recent.lines).toEqual(text.trimEnd().split('\n'))
    expect(recent.requests).toEqual([
      expect.objectContaining({ method: 'GET', path: '/v1/management/me', status: 200, requestId: 'r1' }),
    ])
    expect(recent.errors).toEqual([expect.objectContaining({ event: 'request failed', message: 'no route' })])
  })

  it('starts a new file past the size and keeps only the newest older files', async () => {
    dir = await mkdtemp(join(tmpdir(), 'loa-log-'))
    const log = await openFileLog({ dir, name: 'main', fileSize: '1k' })
    const LINES = 200
    for (let i = 0; i < LINES; i++) {
      log.info('line', { i, pad: 'x'.repeat(40) })
      // pino-roll starts the next file when the stream drains, on a later turn of the event loop.
      await new Promise((resolve) => setImmediate(resolve))
    }
    await log.close()
    const numbers = await fileNumbers(dir)
    expect(numbers.length).toBe(OLDER_FILES + 1)
    // Numbered in order, the oldest removed: read in order, the kept files end with the last line written,
    // with no line missing between their first and last.
    expect(numbers[0]).toBeGreaterThan(1)
    const texts = await Promise.all(
      numbers.map((n) => readFile(join(dir as string, `main.${n}.log`), 'utf8')),
    )
    const kept = texts
      .join('')
      .trimEnd()
      .split('\n')
      .map((l) => (JSON.parse(l) as { i: number }).i)
    expect(kept.at(-1)).toBe(LINES - 1)
    expect(kept).toEqual(kept.map((_, k) => (kept[0] as number) + k))
    expect(kept.length).toBeLessThan(LINES)
  })
})
