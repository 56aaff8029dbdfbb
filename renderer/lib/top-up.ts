// Where the "Top up" link of a refusal for money goes. Neither spec names a top-up page; the wallet is the
// gateway's, so the link opens the gateway's own site, the origin of the base URL Loa talks to, where its
// customers manage their account. The embedded demo service has no site: no link then, only the words.
export function topUpUrl(baseUrl: string | null | undefined, demo: boolean): string | null {
  if (demo || !baseUrl) return null
  try {
    const url = new URL(baseUrl)
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null
    return `${url.origin}/`
  } catch {
    return null
  }
}
