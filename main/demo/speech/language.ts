// Which language a text is in, as far as the demo needs to know: Vietnamese or not. Vietnamese marks
// (horn, breve, hook above, dot below, tilde, đ) are rare in other Latin-script languages.

const VIETNAMESE_MARKS = /[\u0303\u0306\u0309\u031b\u0323]|[đĐ]/

export function looksVietnamese(text: string): boolean {
  return VIETNAMESE_MARKS.test(text.normalize('NFD'))
}
