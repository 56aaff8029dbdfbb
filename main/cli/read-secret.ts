// Reads a secret for `loa login` without it reaching the command line or the screen: piped standard
// input when there is one (scripts), else a prompt on the terminal that echoes nothing.

/** The part of process.stdin this needs; tests and scripts hand a pipe. */
export interface SecretInput extends NodeJS.ReadableStream {
  isTTY?: boolean
  setRawMode?(mode: boolean): unknown
}

/** Where the prompt goes: the terminal, never the secret. */
export interface PromptOut {
  write(chunk: string): unknown
}

/** The longest line read: far above any key, small enough that a wrong pipe is not read whole. */
const MAX_CHARS = 4096

export async function readSecret(input: SecretInput, prompt: string, promptOut: PromptOut): Promise<string> {
  if (input.isTTY && input.setRawMode) return readWithoutEcho(input, prompt, promptOut)
  return firstLine(input)
}

/** The first line of a pipe (a key piped with or without its newline). */
async function firstLine(input: NodeJS.ReadableStream): Promise<string> {
  let text = ''
  for await (const chunk of input) {
    text += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8')
    if (text.includes('\n') || text.length > MAX_CHARS) break
  }
  return (text.split(/\r?\n/)[0] ?? '').slice(0, MAX_CHARS)
}

/** Raw mode: each key press arrives as typed and nothing is echoed; Enter ends, Ctrl-C or Ctrl-D cancels. */
function readWithoutEcho(input: SecretInput, prompt: string, promptOut: PromptOut): Promise<string> {
  promptOut.write(prompt)
  return new Promise((resolve, reject) => {
    let typed = ''
    const done = (err: Error | null) => {
      input.removeListener('data', onData)
      input.setRawMode?.(false)
      input.pause()
      promptOut.write('\n')
      if (err) reject(err)
      else resolve(typed)
    }
    const onData = (chunk: Buffer | string) => {
      for (const ch of typeof chunk === 'string' ? chunk : chunk.toString('utf8')) {
        if (ch === '\r' || ch === '\n') return done(null)
        if (ch === '\u0003' || ch === '\u0004') return done(new Error('cancelled'))
        if (ch === '\u007f' || ch === '\b') typed = typed.slice(0, -1)
        else if (typed.length < MAX_CHARS) typed += ch
      }
    }
    input.setRawMode?.(true)
    input.resume()
    input.on('data', onData)
  })
}
