// The input limit a refusal states, read from the service's words (their wording is not in the spec).
import { describe, expect, it } from 'vitest'
import { GatewayError } from '../../../main/api/gateway-error'
import { isInputTooLong, learnedInputLimit } from '../../../main/api/tts/input-limit'

const refusal = (message: string, code: string | null = 'invalid_request_error', status = 400) =>
  new GatewayError('invalid_input', message, { status, code, requestId: 'req_1' })

describe('the input limit a refusal states', () => {
  it('reads the largest number below what was sent, in the ways numbers are written', () => {
    const demo = refusal(
      "Input is 5200 characters; model 'elevenlabs/eleven-flash-v2.5' accepts at most 5000 characters per request.",
      'input_too_long',
    )
    expect(learnedInputLimit(demo, 5200)).toBe(5000)
    expect(learnedInputLimit(refusal('Text exceeds the maximum of 4,096 characters.'), 4500)).toBe(4096)
    expect(learnedInputLimit(refusal('Độ dài vượt giới hạn (limit) 2.000 ký tự.'), 2500)).toBe(2000)
  })

  it('halves the request when the refusal is about length but names no smaller number', () => {
    expect(learnedInputLimit(refusal('Input too long.', 'string_above_max_length'), 900)).toBe(450)
    expect(learnedInputLimit(refusal('Input too long for this model (max 1200).'), 1000)).toBe(500)
  })

  it('leaves every other refusal alone', () => {
    expect(isInputTooLong(refusal("'voice' must be one of alloy, ash.", 'invalid_voice'))).toBe(false)
    expect(learnedInputLimit(refusal('Insufficient balance.', 'insufficient_balance'), 900)).toBeNull()
    expect(learnedInputLimit(refusal('Input too long.', null, 500), 900)).toBeNull()
    expect(learnedInputLimit(new Error('Input too long, at most 10.'), 900)).toBeNull()
    expect(learnedInputLimit(refusal('Input too long.', 'input_too_long'), 1)).toBeNull()
  })
})
