/** QR codes the product draws (an authenticator's secret, a deposit address, a link to open on a phone), all alike. */
import QRCode from 'qrcode';

/** The text as an SVG QR code: medium error correction, a quiet zone of two modules. */
export function qrCodeSvg(text: string): Promise<string> {
  return QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
}
