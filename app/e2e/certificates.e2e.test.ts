/**
 * A certificate from the learner's dashboard to an employer's phone: a learner completes the course through
 * the API, downloads the certificate's PDF from the dashboard, and the QR code printed in it (decoded here
 * from the PDF's image, pixel by pixel) opens the public verify page in a browser that was never signed in,
 * which says the certificate is verified, at 390 px, with no accessibility violations.
 */
import { readFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';
import { loadCourse } from '@tickwise/command-service/testing';
import jsQR from 'jsqr';
import { PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import type { Browser, Page } from 'playwright-core';
import {
  type ApiLearner,
  apiCall,
  axeViolations,
  launchChromium,
  type RunningApp,
  registerLearner,
  screenshot,
  sharedApp,
  watchForErrors,
} from './harness';

jest.setTimeout(240_000);

const PHONE = { width: 390, height: 844 };
let app: RunningApp;
let browser: Browser;
let learner: ApiLearner;

async function post(path: string, body: unknown): Promise<void> {
  const res = await apiCall(app, 'POST', path, { token: learner.token, body });
  if (res.status !== 200 && res.status !== 201) throw new Error(`POST ${path}: ${res.status}`);
  if (res.position) learner.position = res.position;
}

/** Every lesson, every quiz answered right and completed: the last completion issues the certificate. */
async function completeCourse(): Promise<void> {
  for (const module of loadCourse().modules) {
    for (const lesson of module.lessons)
      await post('/api/progress', { moduleId: module.id, lessonId: lesson.id, completed: true });
    for (const question of module.quiz)
      await post('/api/quiz/attempt', {
        questionId: question.id,
        selectedAnswer: question.correctAnswer - 1,
      });
    await post('/api/progress', { moduleId: module.id, lessonId: null, completed: true });
  }
}

/** The text a QR code in the PDF holds: its image's pixels (RGB, as pdf-lib embeds a PNG) read by jsQR. */
async function qrCodeIn(pdfBytes: Uint8Array): Promise<string> {
  const pdf = await PDFDocument.load(pdfBytes);
  for (const [, object] of pdf.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    const dict = object.dict;
    if (dict.get(PDFName.of('Subtype')) !== PDFName.of('Image')) continue;
    if (dict.get(PDFName.of('ColorSpace')) !== PDFName.of('DeviceRGB')) continue;
    const width = Number(dict.get(PDFName.of('Width'))?.toString());
    const height = Number(dict.get(PDFName.of('Height'))?.toString());
    const rgb = inflateSync(object.contents);
    const rgba = new Uint8ClampedArray(width * height * 4);
    for (let i = 0; i < width * height; i += 1) {
      rgba.set([rgb[i * 3] ?? 0, rgb[i * 3 + 1] ?? 0, rgb[i * 3 + 2] ?? 0, 255], i * 4);
    }
    const code = jsQR(rgba, width, height);
    if (code) return code.data;
  }
  throw new Error('the PDF holds no readable QR code');
}

async function signedInPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE, acceptDownloads: true });
  await context.addInitScript(
    ([token]) => {
      localStorage.setItem('token', token ?? '');
      if (localStorage.getItem('cookie-consent') === null) localStorage.setItem('cookie-consent', 'rejected');
    },
    [learner.token],
  );
  return context.newPage();
}

beforeAll(async () => {
  [app, browser] = await Promise.all([sharedApp(), launchChromium()]);
  learner = await registerLearner(app, `certificate.${Date.now()}@example.com`, 'Cora');
  await completeCourse();
});

afterAll(async () => {
  await browser?.close();
});

test('the PDF from the dashboard carries a QR code that opens the verify page, signed out, saying verified', async () => {
  const page = await signedInPage();
  const errors = watchForErrors(page);
  await page.goto(`${app.url}/dashboard`);
  const card = page.getByTestId('certificates-card');
  await card.getByText(/Issued .* to Cora Tester/).waitFor();
  await screenshot(page, 'certificates/dashboard-390');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    card.getByRole('link', { name: 'Download PDF' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^tickwise-certificate-.+\.pdf$/);
  const file = await download.path();
  const pdf = readFileSync(file);
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const url = await qrCodeIn(pdf);
  expect(url).toMatch(new RegExp(`^${app.url}/verify/[0-9a-f-]{36}$`));
  expect(errors).toEqual([]);

  // An employer's phone: a fresh browser, never signed in.
  const employer = await (await browser.newContext({ viewport: PHONE })).newPage();
  const employerErrors = watchForErrors(employer);
  await employer.goto(url);
  await employer.getByRole('heading', { level: 1, name: 'Certificate verification' }).waitFor();
  const verdict = employer.getByTestId('verdict');
  await verdict.getByText('Verified', { exact: true }).waitFor();
  expect(await employer.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await employer.getByText('Cora Tester').waitFor();
  for (const check of ['Signature', 'Issuer key', 'Validity period', 'Status'])
    await employer.getByText(`\u2713 Confirmed: ${check}`).waitFor();
  await employer.getByRole('heading', { name: 'What this does not confirm' }).waitFor();
  // Nothing wider than the phone.
  expect(await employer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    PHONE.width,
  );
  await screenshot(employer, 'certificates/verify-390');
  expect(await axeViolations(employer)).toEqual([]);
  expect(employerErrors).toEqual([]);
});
