// Seed 000 as a host API: loading dots until a promise settles, then its success or error mark.
import { indicator } from './indicator.js'
import { hideLoading, showLoading } from './overlay.js'

/** How long the finished mark stays up before the content shows again. */
const REST_MS = 600

/** Dots over `element` until `promise` settles, then the success or error document's `main` once; returns its outcome. */
export async function resolve(element, promise, { loading = 'dots.json', success = 'success.json', error = 'error.json' } = {}) {
  const overlay = showLoading(element, { src: loading })
  let outcome, failed = false
  try {
    outcome = await promise
  } catch (reason) {
    outcome = reason
    failed = true
  }
  await new Promise((done) => overlay.replaceChildren(indicator(failed ? error : success, 'width:64px;height:64px', 'main', done)))
  await new Promise((done) => setTimeout(done, REST_MS))
  hideLoading(element)
  if (failed) throw outcome
  return outcome
}
