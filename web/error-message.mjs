// The text of whatever was thrown or rejected: an Error's message, or the value itself
// as a string (a thrown string, a number from the core, undefined). Every page, the
// batch runner and the WebGPU module report failures through this one reading.

export function messageOf(error) {
  if (error && typeof error.message === 'string') return error.message;
  return String(error);
}
