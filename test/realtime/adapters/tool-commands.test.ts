// Typed turns and tool answers on the wire, and a Model-R function call announced more than once.
import { describe, expect, it } from 'vitest'
import { LiveAdapter } from '../../../main/realtime/adapters/live/live-adapter'
import { ModelRAdapter } from '../../../main/realtime/adapters/model-r/model-r-adapter'

const parse = (frames: string[]) => frames.map((f) => JSON.parse(f) as unknown)

describe('Model-R', () => {
  it('sends a typed turn as a user message, then asks for the answer', () => {
    const a = new ModelRAdapter({ idPrefix: 't' })
    expect(parse(a.encode({ type: 'sendText', text: 'xin chào' }))).toEqual([
      {
        type: 'conversation.item.create',
        event_id: 'evt_t_1',
        item: { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'xin chào' }] },
      },
      { type: 'response.create', event_id: 'evt_t_2' },
    ])
  })

  it('leaves response.create to the last answer of a batch', () => {
    const a = new ModelRAdapter({ idPrefix: 't' })
    const first = parse(
      a.encode({ type: 'sendToolResult', callId: 'c1', name: 'f', output: '1', respond: false }),
    )
    expect(first).toEqual([
      {
        type: 'conversation.item.create',
        event_id: 'evt_t_1',
        item: { type: 'function_call_output', call_id: 'c1', output: '1' },
      },
    ])
  })

  it('reports a call once, named from its item when the beta .done carries no name', () => {
    const a = new ModelRAdapter()
    const item = { type: 'function_call', call_id: 'call_1', name: 'get_balance', arguments: '{}' }
    const ids = { response_id: 'r1', item_id: 'i1', output_index: 0, call_id: 'call_1' }
    const events = [
      { type: 'response.output_item.added', item: { ...item, arguments: '' } },
      { type: 'response.function_call_arguments.delta', ...ids, delta: '{}' },
      { type: 'response.function_call_arguments.done', ...ids, arguments: '{}' },
      { type: 'response.output_item.done', item },
      { type: 'response.done', response: { id: 'r1', status: 'completed', output: [item] } },
    ].flatMap((e) => a.receive(JSON.stringify(e)))
    expect(events.filter((e) => e.type === 'tool.call')).toEqual([
      { type: 'tool.call', callId: 'call_1', name: 'get_balance', argumentsJson: '{}' },
    ])
  })

  it('reads a call given only in response.done', () => {
    const a = new ModelRAdapter()
    const item = { type: 'function_call', call_id: 'call_2', name: 'get_spend', arguments: '{"a":1}' }
    const events = a.receive(
      JSON.stringify({ type: 'response.done', response: { id: 'r', status: 'completed', output: [item] } }),
    )
    expect(events[0]).toEqual({
      type: 'tool.call',
      callId: 'call_2',
      name: 'get_spend',
      argumentsJson: '{"a":1}',
    })
  })
})

describe('live type', () => {
  it('sends a typed turn as clientContent that completes the turn', () => {
    expect(parse(new LiveAdapter().encode({ type: 'sendText', text: 'hi' }))).toEqual([
      { clientContent: { turns: [{ role: 'user', parts: [{ text: 'hi' }] }], turnComplete: true } },
    ])
  })

  it('answers a failed call with response.error', () => {
    const frames = new LiveAdapter().encode({
      type: 'sendToolResult',
      callId: 'fc-1',
      name: 'f',
      output: '{}',
      error: true,
    })
    expect(parse(frames)).toEqual([
      { toolResponse: { functionResponses: [{ id: 'fc-1', name: 'f', response: { error: '{}' } }] } },
    ])
  })
})
