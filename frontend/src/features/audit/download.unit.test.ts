import { json, scriptFetch } from '../../../test/fetch';
import { storageKeys } from '../../app/storage';
import { downloadExport, filenameFromDisposition, formatBytes } from './download';

describe('export downloads', () => {
  it('takes the file name from Content-Disposition (filename* first, then quoted, then bare)', () => {
    expect(filenameFromDisposition('attachment; filename="tickwise-history-u1-2026-11-25.json"')).toBe(
      'tickwise-history-u1-2026-11-25.json',
    );
    expect(
      filenameFromDisposition('attachment; filename="a.csv"; filename*=UTF-8\'\'r%C3%A9sum%C3%A9.csv'),
    ).toBe('résumé.csv');
    expect(filenameFromDisposition('attachment; filename=plain.csv')).toBe('plain.csv');
    expect(filenameFromDisposition('attachment')).toBeNull();
    expect(filenameFromDisposition(null)).toBeNull();
  });

  it('writes sizes for people', () => {
    expect(formatBytes(532)).toBe('532 B');
    expect(formatBytes(12_345)).toBe('12.3 kB');
    expect(formatBytes(4_100_000)).toBe('4.1 MB');
  });

  it('fetches with the bearer token and the read position, and saves the body under the server name', async () => {
    localStorage.setItem(storageKeys.token, 'token-abc');
    sessionStorage.setItem(storageKeys.position, '42');
    const calls = scriptFetch(() => ({
      status: 200,
      body: 'occurredAt,type\r\n',
      headers: { 'content-disposition': 'attachment; filename="history.csv"', 'content-type': 'text/csv' },
    }));
    const saved: { name: string; blob: Blob }[] = [];
    const result = await downloadExport('/api/audit/learners/u-1/export?format=csv', 'fallback.csv', {
      save: (blob, name) => saved.push({ name, blob }),
    });
    expect(calls[0]?.url).toBe('/api/audit/learners/u-1/export?format=csv');
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer token-abc');
    expect(calls[0]?.headers.get('X-Min-Position')).toBe('42');
    expect(result).toEqual({ filename: 'history.csv', bytes: 17 });
    expect(saved.map((s) => s.name)).toEqual(['history.csv']);
    await expect(saved[0]?.blob.text()).resolves.toBe('occurredAt,type\r\n');
  });

  it('uses the fallback name when the server names none', async () => {
    scriptFetch(() => ({ status: 200, body: '{}' }));
    const result = await downloadExport('/x', 'fallback.json', { save: () => undefined });
    expect(result.filename).toBe('fallback.json');
  });

  it('turns a refusal into an error carrying the status and the server message', async () => {
    scriptFetch(() => json({ error: 'Forbidden' }, 403));
    const save = jest.fn();
    await expect(downloadExport('/x', 'f.json', { save })).rejects.toThrow('403: {"error":"Forbidden"}');
    expect(save).not.toHaveBeenCalled();
  });
});
