// Long texts are spoken sentence by sentence so that one request never holds the event loop for more
// than a sentence's worth of synthesis (the engine is synchronous WebAssembly).

const MAX_CHUNK_CHARS = 240

export function splitForSpeech(text: string): string[] {
  const sentences = text
    .split(/(?<=[.!?…。！？;:])\s+|\n+/u)
    .map((s) => s.trim())
    .filter((s) => s !== '')
  return sentences.flatMap(splitLong)
}

function splitLong(sentence: string): string[] {
  if (sentence.length <= MAX_CHUNK_CHARS) return [sentence]
  const out: string[] = []
  let rest = sentence
  while (rest.length > MAX_CHUNK_CHARS) {
    const window = rest.slice(0, MAX_CHUNK_CHARS)
    const cut = Math.max(window.lastIndexOf(', '), window.lastIndexOf(' '))
    const at = cut > MAX_CHUNK_CHARS / 3 ? cut + 1 : MAX_CHUNK_CHARS
    out.push(rest.slice(0, at).trim())
    rest = rest.slice(at).trim()
  }
  if (rest !== '') out.push(rest)
  return out
}
