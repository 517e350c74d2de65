import { describe, expect, it } from 'vitest';
import { formatCountdown, svgDataUrl } from './svg-data-url.ts';

describe('svgDataUrl', () => {
  it('encodes the SVG, UTF-8 included, as a base64 image address', () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><title>二维码</title></svg>';
    const url = svgDataUrl(svg);
    expect(url.startsWith('data:image/svg+xml;base64,')).toBe(true);
    const decoded = Buffer.from(url.split(',')[1] ?? '', 'base64').toString('utf8');
    expect(decoded).toBe(svg);
  });

  it('handles an SVG larger than one slice', () => {
    const svg = `<svg>${'<rect/>'.repeat(20_000)}</svg>`;
    expect(Buffer.from(svgDataUrl(svg).split(',')[1] ?? '', 'base64').toString('utf8')).toBe(svg);
  });
});

describe('formatCountdown', () => {
  it('writes minutes and seconds, and stops at zero', () => {
    expect(formatCountdown(900)).toBe('15:00');
    expect(formatCountdown(61.7)).toBe('1:01');
    expect(formatCountdown(-3)).toBe('0:00');
  });
});
