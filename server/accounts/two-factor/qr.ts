import QRCode from 'qrcode';

/** The QR code of a text as an SVG data: URI for an <img> (the CSP's img-src allows data:). */
export async function qrCodeDataUri(text: string): Promise<string> {
  const svg = await QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
