// Seed 000 as a host API: the loading indicator over an element until a promise settles, then its success or error
// mark in the same place, announced, then the content again.
import { hideLoading, showLoading } from './overlay.js'

/** Loading over `element` until `promise` settles, then success or error; resolves or rejects as `promise` did. */
export async function resolve(element, promise, options) {
  showLoading(element, options)
  let outcome, failed = false
  try {
    outcome = await promise
  } catch (reason) {
    outcome = reason
    failed = true
  }
  await hideLoading(element, failed ? 'error' : 'success')
  if (failed) throw outcome
  return outcome
}
