// A short first chunk (a sentence or two) is synthesized in a fraction of the time a full one takes,
// so playback starts about as soon for a 20,000-character text as for a 200-character one.
export const FIRST_CHUNK_CHARS = 200
