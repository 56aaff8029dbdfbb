// Which key events drive the talk button. The space bar talks anywhere in the view, except where the
// focused control needs the space itself: typing, ticking a box, choosing from a list, pressing a button.
// Enter, the other key that presses any button, talks while the talk button has the focus.

export function isSpace(event: KeyboardEvent): boolean {
  return event.code === 'Space' || event.key === ' '
}

export function isEnter(event: KeyboardEvent): boolean {
  return event.key === 'Enter' || event.code === 'Enter' || event.code === 'NumpadEnter'
}

const SPACE_ROLES = new Set(['button', 'checkbox', 'option', 'radio', 'switch', 'textbox'])

/** The focused element uses the space bar for its own purpose (the talk button itself does not). */
export function spaceBelongsTo(element: Element | null, talkButton: Element | null): boolean {
  if (!element || element === talkButton || element === element.ownerDocument.body) return false
  if (
    element instanceof HTMLInputElement ||
    element instanceof HTMLTextAreaElement ||
    element instanceof HTMLSelectElement ||
    element instanceof HTMLButtonElement
  )
    return true
  if (element instanceof HTMLElement && element.isContentEditable) return true
  return SPACE_ROLES.has(element.getAttribute('role') ?? '')
}
