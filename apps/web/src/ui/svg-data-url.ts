/**
 * An SVG the server drew (a QR code) as an image address: shown with <img>, never inserted as
 * markup, so that nothing in it can run or reach the page.
 */
export function svgDataUrl(svg: string): string {
  const bytes = new TextEncoder().encode(svg);
  let binary = '';
  // In slices: String.fromCharCode with a very long argument list overflows the stack.
  for (let offset = 0; offset < bytes.length; offset += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(offset, offset + 0x8000));
  }
  return `data:image/svg+xml;base64,${btoa(binary)}`;
}

/** "14:59" for a number of seconds left (never negative). */
export function formatCountdown(secondsLeft: number): string {
  const seconds = Math.max(0, Math.floor(secondsLeft));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
