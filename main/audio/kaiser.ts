// Kaiser window design formulas (Kaiser 1974; Oppenheim & Schafer, Discrete-Time Signal Processing, 7.6).

/** Zeroth-order modified Bessel function of the first kind, by its power series (converges fast for x < 50). */
export function besselI0(x: number): number {
  const halfX = x / 2
  let term = 1
  let sum = 1
  for (let k = 1; k < 200; k++) {
    term *= (halfX / k) * (halfX / k)
    sum += term
    if (term < sum * 1e-17) break
  }
  return sum
}

/** Kaiser's beta for a stopband attenuation in dB. */
export function kaiserBeta(attenuationDb: number): number {
  if (attenuationDb > 50) return 0.1102 * (attenuationDb - 8.7)
  if (attenuationDb >= 21) return 0.5842 * (attenuationDb - 21) ** 0.4 + 0.07886 * (attenuationDb - 21)
  return 0
}

/**
 * Kaiser's estimate of the filter order (length - 1) reaching `attenuationDb` across a transition band
 * `transitionWidth` wide, as a fraction of the sample rate.
 */
export function kaiserOrder(attenuationDb: number, transitionWidth: number): number {
  return Math.ceil((attenuationDb - 7.95) / (2.285 * 2 * Math.PI * transitionWidth))
}

/** Value of a Kaiser window of `length` points at index `n` (0 ≤ n < length). */
export function kaiserWindowAt(n: number, length: number, beta: number, i0Beta: number): number {
  if (length === 1) return 1
  const r = (2 * n) / (length - 1) - 1
  return besselI0(beta * Math.sqrt(Math.max(0, 1 - r * r))) / i0Beta
}
