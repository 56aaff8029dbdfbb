// A cost the service's answer does not show readably is printed as "unknown", never as 0 ₫.
import { describe, expect, it } from 'vitest'
import { renderSessions } from '../../main/cli/verbs/sessions'
import { renderTalk } from '../../main/cli/verbs/talk'
import type { RealtimeSessionInfo } from '../../main/api/realtime/sessions-api'

function session(patch: Partial<RealtimeSessionInfo>): RealtimeSessionInfo {
  return {
    id: 'sess_1',
    status: 'closed',
    model: 'openai/gpt-realtime',
    protocol: null,
    transport: 'websocket',
    createdAt: null,
    connectBy: null,
    endedAt: null,
    endReason: null,
    connection: null,
    billing: {
      currency: 'VND',
      estimatedVndPerMin: null,
      maxSpendVnd: null,
      totalVnd: null,
      chargedVnd: null,
      unpaidVnd: null,
    },
    usage: null,
    metadata: null,
    ...patch,
  }
}

describe('unknown amounts in the CLI', () => {
  it('loa sessions: an ended session without a readable total says unknown; an open one a dash', () => {
    const ended = session({ id: 'sess_ended', endReason: 'client_deleted' })
    const open = session({ id: 'sess_open', status: 'connected' })
    const lines = renderSessions([ended, open], null).split('\n')
    expect(lines.find((l) => l.includes('sess_ended'))).toMatch(/closed\s+—\s+unknown\s/)
    expect(lines.find((l) => l.includes('sess_open'))).toMatch(/connected\s+—\s+—\s/)
  })

  it('loa talk: an unknown cost is not 0 ₫', () => {
    const text = renderTalk({
      sessionId: 'sess_1',
      toolCalls: [],
      model: 'm',
      user: 'hi',
      answer: 'hello',
      status: 'completed',
      out: 'a.wav',
      replySeconds: 1,
      costVnd: null,
      tokens: 10,
      timings: { createMs: 1, connectMs: 1, firstAudioMs: 1, totalMs: 1_000 },
    })
    expect(text).toMatch(/^Cost\s+unknown \(10 tokens\)$/m)
  })
})
