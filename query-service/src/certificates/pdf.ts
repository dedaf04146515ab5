/**
 * The certificate as a one-page PDF (A4 landscape): who, what, when and the issuer, with a QR code that opens
 * the public verify page, and the verify address written out for those who cannot scan it.
 */
import { certificateDate } from '@tickwise/contracts';
import { PDFDocument, type PDFFont, rgb, StandardFonts } from 'pdf-lib';
import QRCode from 'qrcode';

export interface CertificatePdfFacts {
  id: string;
  recipientName: string;
  achievement: string;
  issuer: string;
  issuedAt: string;
  verifyUrl: string;
}

/** Text the standard PDF fonts can draw (WinAnsi): any other character becomes '?'. */
function drawable(font: PDFFont, text: string): string {
  return [...text]
    .map((char) => {
      try {
        font.encodeText(char);
        return char;
      } catch {
        return '?';
      }
    })
    .join('');
}

export async function certificatePdf(facts: CertificatePdfFacts): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${facts.achievement}: ${facts.recipientName}`);
  pdf.setAuthor(facts.issuer);
  pdf.setSubject(`Verify at ${facts.verifyUrl}`);
  // A fixed date keeps the same certificate's file the same bytes on every download.
  pdf.setCreationDate(new Date(facts.issuedAt));
  pdf.setModificationDate(new Date(facts.issuedAt));
  const page = pdf.addPage([842, 595]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const ink = rgb(0.1, 0.13, 0.2);
  const muted = rgb(0.3, 0.33, 0.4);
  const centred = (text: string, y: number, size: number, font: PDFFont, color = ink) => {
    const safe = drawable(font, text);
    page.drawText(safe, { x: (842 - font.widthOfTextAtSize(safe, size)) / 2, y, size, font, color });
  };
  page.drawRectangle({ x: 24, y: 24, width: 794, height: 547, borderColor: ink, borderWidth: 2 });
  centred('Certificate of Completion', 480, 34, bold);
  centred('This certifies that', 430, 14, regular, muted);
  centred(facts.recipientName || 'the holder of this credential', 390, 28, bold);
  centred('has completed', 350, 14, regular, muted);
  centred(facts.achievement, 315, 18, bold);
  centred(`Issued by ${facts.issuer} on ${certificateDate(facts.issuedAt)}`, 280, 12, regular, muted);

  const png = await QRCode.toBuffer(facts.verifyUrl, { type: 'png', margin: 2, scale: 6 });
  const qr = await pdf.embedPng(png);
  page.drawImage(qr, { x: 60, y: 60, width: 150, height: 150 });
  const lines = [
    'Scan the code, or open this address, to check this certificate:',
    facts.verifyUrl,
    `Certificate ${facts.id}`,
    'The check confirms the issuer\u2019s signature and whether the certificate is still valid.',
  ];
  lines.forEach((line, index) => {
    page.drawText(drawable(regular, line), {
      x: 230,
      y: 170 - index * 20,
      size: 11,
      font: regular,
      color: muted,
    });
  });
  return pdf.save();
}
