// A chapter cut into the sentences the listener hears one at a time and sees highlighted. Joined, they are
// the chapter's text exactly, so a chunk's offsets in a reading point at the sentence it reads.

const WORDLESS = /^[\s\p{P}\p{S}]*$/u

export function sentencesOf(text: string, locale = 'vi'): string[] {
  const out: string[] = []
  for (const { segment } of new Intl.Segmenter(locale, { granularity: 'sentence' }).segment(text)) {
    // A blank line or a lone mark has nothing to say: it goes with the sentence before it.
    if (out.length > 0 && WORDLESS.test(segment)) out[out.length - 1] += segment
    else out.push(segment)
  }
  return out
}

/** A document's chapters as the Reader reads them: cut into sentences, those with nothing to say left out. */
export function readableChapters(
  chapters: ReadonlyArray<{ title: string; text: string }>,
): Array<{ title: string; sentences: string[] }> {
  return chapters
    .map((c) => ({ title: c.title, sentences: sentencesOf(c.text) }))
    .filter((c) => c.sentences.some((s) => s.trim() !== ''))
}

/** The first few words of a sentence, for "continue from …". */
export function firstWordsOf(sentence: string, words = 8): string {
  const all = sentence.trim().split(/\s+/)
  return all.length > words ? `${all.slice(0, words).join(' ')}…` : all.join(' ')
}
